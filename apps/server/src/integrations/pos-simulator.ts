/**
 * A stand-in for a point-of-sale service (Bottle POS, Clover): a standalone Fastify server with its
 * own in-memory state that behaves like a real service: bearer keys (the key `invalid` is refused
 * with 401), paging, validation errors with messages, refused duplicate idempotency keys (409), and
 * on demand 429 with Retry-After, 5xx and slow answers (timeouts) through a control endpoint.
 *
 * Contract (both partners; the client is in <partner>/client.ts):
 *   GET  /v1/products?page=1&per_page=100  -> { data: PosProduct[], page, per_page, total, total_pages }
 *   POST /v1/invoices  (Idempotency-Key)   -> 201 { id, number } | 409 duplicate | 422 { message, errors }
 *   POST /v1/stock     (Idempotency-Key)   -> 200 { updated: string[], not_updated: { sku, reason }[] }
 *   POST /_control { fail?: { status, count, retryAfter? }, delayMs? (answers late, after the call took effect), reset?, products? }
 *   GET  /_control -> { invoices, stock, requests, duplicates }
 */
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

export interface PosProduct {
  id: string;
  sku: string;
  name: string;
  size: string;
  /** LIQUOR, WINE or BEER as the POS has it (not always right: its category decides ours) */
  type: string;
  /** the POS's category ('Irish Whiskey', 'Red Wine', 'Domestic Beer'): our product type comes from it */
  category?: string | null;
  upc: string | null;
  price: string;
  cost: string;
}

interface StoredInvoice {
  id: string;
  key: string;
  merchant: string;
  number: string;
  total: string;
  items: { sku: string; qty: number; price: string }[];
}

export interface SimulatorControl {
  /** the next `count` calls (except /_control) answer `status` (429 with Retry-After seconds) */
  fail(status: number, count?: number, retryAfter?: number): void;
  /** every call waits this long before answering (a timeout in the client) */
  delay(ms: number): void;
  setProducts(products: PosProduct[]): void;
  reset(): void;
  state(): {
    invoices: StoredInvoice[];
    stock: { key: string; items: { sku: string; delta: number }[] }[];
    requests: number;
    duplicates: number;
  };
}

export interface Simulator {
  url: string;
  close(): Promise<void>;
  control: SimulatorControl;
}

export function demoProducts(prefix: string, n = 12): PosProduct[] {
  const names = [
    "Tito's Handmade Vodka",
    'Jameson Irish Whiskey',
    'Shiner Bock',
    'Josh Cabernet',
    'Patron Silver',
    'Modelo Especial',
  ];
  const categories = ['Vodka', 'Irish Whiskey', 'Domestic Beer', 'Red Wine', 'Tequila', 'Imported Beer'];
  return Array.from({ length: n }, (_, i) => {
    // the POS's own type is careless (Jameson as WINE): the category is what our table reads
    const type = i % 3 === 2 ? 'BEER' : i % 3 === 1 ? 'WINE' : 'LIQUOR';
    return {
      id: `${prefix}-${i + 1}`,
      category: categories[i % categories.length],
      sku: `${prefix.toUpperCase()}-${1000 + i}`,
      name: `${names[i % names.length]}${i >= names.length ? ` ${Math.floor(i / names.length) + 1}` : ''}`,
      size: type === 'BEER' ? '12OZ' : '750ML',
      type,
      upc: `0${String(81_000_000_000 + i)}`,
      price: (19.99 + i).toFixed(2),
      cost: (12.5 + i).toFixed(2),
    };
  });
}

export async function startPosSimulator(opts: {
  port?: number;
  name: string;
  products?: PosProduct[];
}): Promise<Simulator> {
  const app = Fastify({ logger: false });
  let products = opts.products ?? demoProducts(opts.name);
  let invoices: StoredInvoice[] = [];
  let stock: { key: string; items: { sku: string; delta: number }[] }[] = [];
  const keys = new Map<string, string>();
  let failure: { status: number; count: number; retryAfter?: number } | null = null;
  let delayMs = 0;
  let requests = 0;
  let duplicates = 0;

  const control: SimulatorControl = {
    fail: (status, count = 1, retryAfter) => {
      failure = { status, count, retryAfter };
    },
    delay: (ms) => {
      delayMs = ms;
    },
    setProducts: (p) => {
      products = p;
    },
    reset: () => {
      invoices = [];
      stock = [];
      keys.clear();
      failure = null;
      delayMs = 0;
      requests = 0;
      duplicates = 0;
      products = opts.products ?? demoProducts(opts.name);
    },
    state: () => ({ invoices, stock, requests, duplicates }),
  };

  // a slow partner: the call takes effect, the answer comes late (a client that gave up by then
  // has reached the partner all the same, which is what duplicate protection is for)
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!req.url.startsWith('/_control') && delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    return payload;
  });

  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/_control')) return;
    requests++;
    if (failure && failure.count > 0) {
      failure.count--;
      const { status, retryAfter } = failure;
      if (failure.count === 0) failure = null;
      if (status === 429) reply.header('retry-after', String(retryAfter ?? 1));
      return reply.code(status).send({ message: status === 429 ? 'Too many requests' : 'Service unavailable' });
    }
    const auth = String(req.headers.authorization ?? '');
    const key = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (!key || key === 'invalid') return reply.code(401).send({ message: 'Invalid API key' });
    (req as unknown as { merchant: string }).merchant = key;
  });

  app.get('/v1/products', async (req, reply) => {
    const q = req.query as { page?: string; per_page?: string };
    const page = Number(q.page ?? 1);
    const perPage = Number(q.per_page ?? 100);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > 500) {
      return reply.code(422).send({ message: 'Invalid paging', errors: ['page must be >= 1; per_page 1..500'] });
    }
    const start = (page - 1) * perPage;
    return {
      data: products.slice(start, start + perPage),
      page,
      per_page: perPage,
      total: products.length,
      total_pages: Math.max(1, Math.ceil(products.length / perPage)),
    };
  });

  /** The request's Idempotency-Key, scoped to its merchant; null once the 422 that it is missing is sent. */
  const idempotency = (req: FastifyRequest, reply: FastifyReply) => {
    const key = String(req.headers['idempotency-key'] ?? '').trim();
    if (!key) {
      reply.code(422).send({ message: 'Idempotency-Key header is required', errors: ['Idempotency-Key'] });
      return null;
    }
    const merchant = (req as unknown as { merchant: string }).merchant;
    return { key, merchant, scoped: `${merchant}:${key}` };
  };

  app.post('/v1/invoices', async (req, reply) => {
    const idem = idempotency(req, reply);
    if (!idem) return reply;
    const { key, merchant, scoped } = idem;
    const existing = keys.get(scoped);
    if (existing) {
      duplicates++;
      return reply.code(409).send({ message: `Duplicate idempotency key ${key}`, id: existing });
    }
    const b = (req.body ?? {}) as Partial<StoredInvoice> & { items?: unknown };
    const errors: string[] = [];
    if (!b.number || typeof b.number !== 'string') errors.push('number is required');
    if (typeof b.total !== 'string' || !/^-?\d+(\.\d{1,2})?$/.test(b.total))
      errors.push('total must be a decimal string');
    if (!Array.isArray(b.items) || b.items.length === 0) errors.push('an invoice needs at least one item');
    if (errors.length) return reply.code(422).send({ message: `Invalid invoice: ${errors.join('; ')}`, errors });
    const id = `inv_${invoices.length + 1}`;
    keys.set(scoped, id);
    invoices.push({
      id,
      key,
      merchant,
      number: b.number as string,
      total: b.total as string,
      items: b.items as StoredInvoice['items'],
    });
    return reply.code(201).send({ id, number: b.number });
  });

  app.post('/v1/stock', async (req, reply) => {
    const idem = idempotency(req, reply);
    if (!idem) return reply;
    const { key, scoped } = idem;
    if (keys.has(scoped)) {
      duplicates++;
      return reply.code(409).send({ message: `Duplicate idempotency key ${key}` });
    }
    const b = (req.body ?? {}) as { items?: { sku?: unknown; delta?: unknown }[] };
    if (!Array.isArray(b.items) || b.items.some((i) => typeof i.sku !== 'string' || !Number.isInteger(i.delta))) {
      return reply
        .code(422)
        .send({ message: 'Invalid stock update: items need sku and integer delta', errors: ['items'] });
    }
    keys.set(scoped, key);
    const known = new Set(products.map((p) => p.sku));
    const items = b.items as { sku: string; delta: number }[];
    stock.push({ key, items: items.filter((i) => known.has(i.sku)) });
    return {
      updated: items.filter((i) => known.has(i.sku)).map((i) => i.sku),
      not_updated: items.filter((i) => !known.has(i.sku)).map((i) => ({ sku: i.sku, reason: 'Unknown item' })),
    };
  });

  app.post('/_control', async (req) => {
    const b = (req.body ?? {}) as {
      fail?: { status: number; count?: number; retryAfter?: number };
      delayMs?: number;
      reset?: boolean;
      products?: PosProduct[];
    };
    if (b.reset) control.reset();
    if (b.fail) control.fail(b.fail.status, b.fail.count, b.fail.retryAfter);
    if (b.delayMs !== undefined) control.delay(b.delayMs);
    if (b.products) control.setProducts(b.products);
    return { ok: true };
  });
  app.get('/_control', async () => control.state());

  await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close(), control };
}
