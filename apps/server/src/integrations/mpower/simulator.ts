/**
 * A stand-in for MPower (which receives distributors' invoices for their retail customers) on a
 * local port, speaking the contract of client.ts. Own state; the key `invalid` is refused with 401;
 * validation errors (400) name the field; an idempotency key already taken is refused (409); the
 * list pages; faults on demand through POST /_control (5xx, 429 with Retry-After, slow answers).
 *
 * Run alone: `npx tsx apps/server/src/integrations/mpower/simulator.ts [port]`.
 */
import { pathToFileURL } from 'node:url';
import { createPartnerSimulator, type PartnerSimulator } from '../partner-simulator.js';

export interface MpowerItem {
  name: string;
  upc: string | null;
  size: string;
  qty: number;
  price: number;
  total: number;
}
export interface MpowerInvoicePush {
  external_id: string;
  number: string;
  date: string;
  due_date: string | null;
  customer: { name: string; license: string; address?: string };
  subtotal: number;
  tax: number;
  total: number;
  items: MpowerItem[];
}
export interface MpowerStored extends MpowerInvoicePush {
  invoice_id: string;
  status: 'RECEIVED';
  received_at: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function validateMpower(b: unknown): string[] {
  if (!b || typeof b !== 'object') return ['body must be a JSON object'];
  const p = b as Partial<MpowerInvoicePush>;
  const errors: string[] = [];
  const text = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  if (!text(p.external_id)) errors.push('external_id is required');
  if (!text(p.number)) errors.push('number is required');
  if (typeof p.date !== 'string' || !DAY.test(p.date)) errors.push('date must be YYYY-MM-DD');
  if (!p.customer || !text(p.customer.name)) errors.push('customer.name is required');
  if (!p.customer || !text(p.customer.license)) errors.push('customer.license (TABC permit) is required');
  if (!num(p.total)) errors.push('total must be a number');
  if (!Array.isArray(p.items) || p.items.length === 0) errors.push('items must list at least one item');
  else
    p.items.forEach((it, i) => {
      if (!it || !text(it.name)) errors.push(`items[${i}].name is required`);
      if (!it || !Number.isInteger(it.qty)) errors.push(`items[${i}].qty must be a whole number`);
      if (!it || !num(it.price)) errors.push(`items[${i}].price must be a number`);
    });
  return errors;
}

export type MpowerSimulator = PartnerSimulator<MpowerStored>;

export async function startSimulator(opts: { port?: number; host?: string } = {}): Promise<MpowerSimulator> {
  const sim = createPartnerSimulator<MpowerStored>('/api/');
  const { app, faults, invoices, byKey } = sim;

  const guard = sim.keyGuard((req) => String(req.headers['x-api-key'] ?? '').trim(), {
    missing: 'X-Api-Key header is required',
    invalid: 'API key rejected by MPower',
  });

  app.get('/api/health', async () => ({ status: 'ok', service: 'mpower-simulator' }));

  app.post('/api/invoices', { preHandler: guard }, async (req, reply) => {
    const key = String(req.headers['idempotency-key'] ?? '').trim();
    const seen = key ? byKey.get(key) : undefined;
    if (seen)
      return reply.code(409).send({
        error: 'Conflict',
        message: `Invoice ${seen.number} was already received as ${seen.invoice_id}`,
        invoice_id: seen.invoice_id,
        status: seen.status,
        received_at: seen.received_at,
      });
    const errors = validateMpower(req.body);
    if (errors.length) return reply.code(400).send({ error: 'Bad Request', message: 'Invalid invoice', errors });
    const stored: MpowerStored = {
      ...(req.body as MpowerInvoicePush),
      invoice_id: `MPW-${String(sim.nextSeq()).padStart(5, '0')}`,
      status: 'RECEIVED',
      received_at: new Date().toISOString(),
    };
    invoices.push(stored);
    if (key) byKey.set(key, stored);
    await faults.after();
    return reply.code(201).send({
      invoice_id: stored.invoice_id,
      status: stored.status,
      received_at: stored.received_at,
      items: stored.items.length,
      total: stored.total,
    });
  });

  app.get('/api/invoices', { preHandler: guard }, async (req) => {
    const q = req.query as { page?: string; limit?: string };
    const page = Math.max(1, Number(q.page) || 1);
    const limit = Math.min(100, Math.max(1, Number(q.limit) || 25));
    return { items: invoices.slice((page - 1) * limit, page * limit), page, limit, total: invoices.length };
  });

  return sim.listen(opts);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sim = await startSimulator({ port: Number(process.argv[2] ?? 4011) });
  console.log(`MPower simulator on ${sim.url}`);
}
