/**
 * A stand-in for the fintech clearing house on a local port, speaking the contract the client
 * (client.ts) uses. It keeps its own state (the invoices it received), refuses the key `invalid`
 * with 401, validates like the real service (422 with the messages), refuses a second push with an
 * idempotency key it already took (409, naming the first), pages its list, and shows faults on
 * demand (POST /_control: 5xx, 429 with Retry-After, slow answers).
 *
 * Run alone: `npx tsx apps/server/src/integrations/fintech/simulator.ts [port]`.
 */
import type { FastifyRequest } from 'fastify';
import { pathToFileURL } from 'node:url';
import { createPartnerSimulator, type PartnerSimulator } from '../partner-simulator.js';

export interface FintechLine {
  upc: string;
  description: string;
  size?: string;
  unit_of_measure: string;
  quantity: number;
  unit_price: string;
  extended_price: string;
}
export interface FintechInvoicePush {
  distributor_id: string;
  retailer_id: string;
  retailer_name?: string;
  invoice_number: string;
  invoice_date: string;
  due_date?: string | null;
  total: string;
  lines: FintechLine[];
}
export interface FintechStored extends FintechInvoicePush {
  id: string;
  status: 'accepted';
  received_at: string;
  idempotency_key: string;
  api_key_tail: string;
}

const DATE = /^\d{2}\/\d{2}\/\d{4}$/;
const MONEY = /^-?\d{1,10}(\.\d{1,2})?$/;
const cents = (s: string) => Math.round(Number(s) * 100);

/** The clearing house's own checks; each message names the field. */
export function validatePush(b: unknown): string[] {
  const errors: string[] = [];
  if (!b || typeof b !== 'object') return ['body must be a JSON object'];
  const p = b as Partial<FintechInvoicePush>;
  const text = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  if (!text(p.distributor_id)) errors.push('distributor_id is required');
  if (!text(p.retailer_id)) errors.push('retailer_id is required');
  if (!text(p.invoice_number)) errors.push('invoice_number is required');
  if (typeof p.invoice_date !== 'string' || !DATE.test(p.invoice_date)) errors.push('invoice_date must be MM/DD/YYYY');
  if (p.due_date != null && (typeof p.due_date !== 'string' || !DATE.test(p.due_date)))
    errors.push('due_date must be MM/DD/YYYY');
  if (typeof p.total !== 'string' || !MONEY.test(p.total)) errors.push('total must be an amount like 12.34');
  if (!Array.isArray(p.lines) || p.lines.length === 0) errors.push('lines must list at least one line');
  else {
    let sum = 0;
    p.lines.forEach((l, i) => {
      if (!l || typeof l !== 'object') {
        errors.push(`lines[${i}] must be an object`);
        return;
      }
      if (!text(l.description)) errors.push(`lines[${i}].description is required`);
      if (l.unit_of_measure !== 'EA') errors.push(`lines[${i}].unit_of_measure must be EA`);
      if (!Number.isInteger(l.quantity) || l.quantity === 0)
        errors.push(`lines[${i}].quantity must be a non-zero whole number`);
      if (typeof l.unit_price !== 'string' || !MONEY.test(l.unit_price))
        errors.push(`lines[${i}].unit_price must be an amount`);
      if (typeof l.extended_price !== 'string' || !MONEY.test(l.extended_price))
        errors.push(`lines[${i}].extended_price must be an amount`);
      else if (MONEY.test(String(l.unit_price)) && cents(l.extended_price) !== cents(l.unit_price) * l.quantity)
        errors.push(`lines[${i}].extended_price must be quantity x unit_price`);
      else sum += cents(l.extended_price);
    });
    // the total carries tax: it may not be under the lines' sum
    if (errors.length === 0 && typeof p.total === 'string' && cents(p.total) < sum)
      errors.push('total must be at least the sum of the lines');
  }
  return errors;
}

export type FintechSimulator = PartnerSimulator<FintechStored>;

export async function startSimulator(opts: { port?: number; host?: string } = {}): Promise<FintechSimulator> {
  const sim = createPartnerSimulator<FintechStored>('/v1/');
  const { app, faults, invoices, byKey } = sim;

  const guard = sim.keyGuard(
    (req) => {
      const auth = String(req.headers.authorization ?? '');
      return auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    },
    { missing: 'Missing API key', invalid: 'Invalid API key' },
  );

  app.get('/v1/health', async () => ({ status: 'ok', service: 'fintech-simulator' }));

  app.post('/v1/invoices', { preHandler: guard }, async (req, reply) => {
    const key = String(req.headers['idempotency-key'] ?? '').trim();
    if (!key) return reply.code(400).send({ error: 'Bad Request', message: 'Idempotency-Key header is required' });
    const seen = byKey.get(key);
    if (seen)
      return reply.code(409).send({
        error: 'Conflict',
        message: `Duplicate request: invoice ${seen.invoice_number} was already received as ${seen.id}`,
        id: seen.id,
        duplicate: true,
      });
    const errors = validatePush(req.body);
    if (errors.length)
      return reply.code(422).send({ error: 'Unprocessable Entity', message: 'Validation failed', errors });
    const push = req.body as FintechInvoicePush;
    const stored: FintechStored = {
      ...push,
      id: `FT-${String(sim.nextSeq()).padStart(6, '0')}`,
      status: 'accepted',
      received_at: new Date().toISOString(),
      idempotency_key: key,
      api_key_tail: (req as FastifyRequest & { apiKey: string }).apiKey.slice(-4),
    };
    invoices.push(stored);
    byKey.set(key, stored);
    await faults.after();
    return reply.code(201).send({ id: stored.id, status: stored.status, received_at: stored.received_at });
  });

  app.get('/v1/invoices', { preHandler: guard }, async (req, reply) => {
    const q = req.query as { page?: string; per_page?: string };
    const page = Number(q.page ?? 1);
    const perPage = Number(q.per_page ?? 50);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > 200)
      return reply.code(400).send({ error: 'Bad Request', message: 'page must be >= 1 and per_page 1..200' });
    const start = (page - 1) * perPage;
    return {
      data: invoices.slice(start, start + perPage).map(({ idempotency_key: _k, ...inv }) => inv),
      page,
      per_page: perPage,
      total: invoices.length,
    };
  });

  app.get('/v1/invoices/:id', { preHandler: guard }, async (req, reply) => {
    const inv = invoices.find((i) => i.id === (req.params as { id: string }).id);
    if (!inv) return reply.code(404).send({ error: 'Not Found', message: 'No such invoice' });
    return inv;
  });

  return sim.listen(opts);
}

// `tsx simulator.ts [port]`: a standalone simulator for trying the client by hand
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sim = await startSimulator({ port: Number(process.argv[2] ?? 4010) });
  console.log(`Fintech simulator on ${sim.url}`);
}
