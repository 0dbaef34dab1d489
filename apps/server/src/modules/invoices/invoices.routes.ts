import { addDays, todayInTexas } from '@dbo/domain/dates';
import { gridQuerySchema } from '@dbo/domain/grid';
import { INVOICE_MSG, invoiceRequestSchema, invoiceStatusChangeSchema, isStatusOnlyChange } from '@dbo/domain/invoice';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import type { App } from '../../lib/http.js';
import { companyStats, invoiceCsv, invoiceGrid, quickSearch } from './invoices.queries.js';
import {
  type Actor,
  changeInvoiceStatus,
  deleteInvoice,
  findInvoice,
  invoiceDetail,
  lastInvoice,
  nextNumber,
  recentInvoices,
  saveInvoice,
} from './invoices.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const refParams = z.object({ ref: z.string().min(1) });
const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z.coerce.number().int().positive().optional(),
);
const boolParam = z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional();
const dateParam = (msg: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, msg)
      .refine((d) => new Date(Date.parse(`${d}T00:00:00Z`) || 0).toISOString().slice(0, 10) === d, msg)
      .optional(),
  );

const customerIdQuery = z.looseObject({ customerId: optionalId });
const exportQuery = z.looseObject({
  customerId: optionalId,
  type: z.enum(['summary', 'detailed'], { error: 'Export type must be summary or detailed' }).default('summary'),
});

/** Zod parse with the app's 400 shape (message = first issue, details = all). */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const details = [...new Set(r.error.issues.map((i) => i.message))];
  throw badRequest(details[0], details);
}

/**
 * Lenient about two shapes other clients send: `customer_id` for `customer: {id}` and
 * `product: {id}` for `product_id` (the builder sends the contract's shape).
 */
function normaliseInvoiceBody(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const b = { ...(body as Record<string, unknown>) };
  if (b.customer === undefined && b.customer_id !== undefined) b.customer = { id: b.customer_id };
  if (Array.isArray(b.items))
    b.items = b.items.map((i) => {
      if (!i || typeof i !== 'object') return i;
      const it = i as Record<string, unknown>;
      const product = it.product as { id?: unknown } | undefined;
      return it.product_id === undefined && product?.id !== undefined ? { ...it, product_id: product.id } : it;
    });
  return b;
}

const actorOf = (req: { auth: { companyId: number; userId: number; role: string } }): Actor => ({
  companyId: req.auth.companyId,
  userId: req.auth.userId,
  role: req.auth.role,
});

export async function privateRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/invoice/new-number',
    { schema: { tags: ['invoice'], querystring: z.object({ customerId: optionalId, beer: boolParam }) } },
    async (req) => nextNumber(db, req.auth.companyId, { customerId: req.query.customerId, beer: req.query.beer }),
  );

  app.get('/invoice/recent', { schema: { tags: ['invoice'] } }, async (req) => recentInvoices(db, req.auth.companyId));

  app.get(
    '/invoice/last',
    {
      schema: {
        tags: ['invoice'],
        querystring: z.object({
          customerId: z.coerce
            .number({ error: INVOICE_MSG.customerRequired })
            .int()
            .positive(INVOICE_MSG.customerRequired),
        }),
      },
    },
    async (req) => lastInvoice(db, req.auth.companyId, req.query.customerId),
  );

  app.get('/invoice/grid', { schema: { tags: ['invoice'], querystring: z.looseObject({}) } }, async (req) => {
    const q = parse(gridQuerySchema, req.query);
    const { customerId } = parse(customerIdQuery, req.query);
    return invoiceGrid(db, req.auth.companyId, q, customerId);
  });

  app.get('/invoice/export', { schema: { tags: ['invoice'], querystring: z.looseObject({}) } }, async (req, reply) => {
    const q = parse(gridQuerySchema, req.query);
    const { customerId, type } = parse(exportQuery, req.query);
    const csv = await invoiceCsv(db, req.auth.companyId, q, type, customerId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="invoices-${type}-${todayInTexas()}.csv"`)
      .send(csv);
  });

  app.post('/invoice', { schema: { tags: ['invoice'], body: z.looseObject({}) } }, async (req) => {
    const body = parse(invoiceRequestSchema, normaliseInvoiceBody(req.body));
    const { detail } = await saveInvoice(db, actorOf(req), body);
    app.deps.emit(req.auth.companyId, 'invoice:created', { id: detail.id, number: detail.number, beer: detail.beer });
    if (body.order_id)
      app.deps.emit(req.auth.companyId, 'order:invoiced', { order_id: body.order_id, invoice_id: detail.id });
    return detail;
  });

  app.put('/invoice/:id', { schema: { tags: ['invoice'], params: idParams, body: z.looseObject({}) } }, async (req) => {
    if (isStatusOnlyChange(req.body)) {
      const change = parse(invoiceStatusChangeSchema, req.body);
      const { detail, changed } = await changeInvoiceStatus(db, actorOf(req), req.params.id, change);
      if (changed)
        app.deps.emit(req.auth.companyId, 'invoice:updated', {
          id: detail.id,
          number: detail.number,
          beer: detail.beer,
        });
      return detail;
    }
    const body = parse(invoiceRequestSchema, normaliseInvoiceBody(req.body));
    const { detail } = await saveInvoice(db, actorOf(req), body, req.params.id);
    app.deps.emit(req.auth.companyId, 'invoice:updated', { id: detail.id, number: detail.number, beer: detail.beer });
    return detail;
  });

  app.get('/invoice/:ref', { schema: { tags: ['invoice'], params: refParams } }, async (req) => {
    const inv = await findInvoice(db, req.auth.companyId, req.params.ref);
    return invoiceDetail(db, req.auth.companyId, inv.id);
  });

  app.delete('/invoice/:ref', { schema: { tags: ['invoice'], params: refParams } }, async (req) => {
    const res = await deleteInvoice(db, actorOf(req), req.params.ref);
    app.deps.emit(req.auth.companyId, 'invoice:deleted', { id: res.id, number: res.number, beer: res.beer });
    return res;
  });

  app.get(
    '/company/quick-search',
    {
      schema: {
        tags: ['company'],
        querystring: z.object({
          query: z.string({ error: INVOICE_MSG.quickSearchMin }).trim().min(3, INVOICE_MSG.quickSearchMin),
        }),
      },
    },
    async (req) => quickSearch(db, req.auth.companyId, req.query.query),
  );

  app.get(
    '/company/stats',
    {
      schema: {
        tags: ['company'],
        querystring: z.object({
          from: dateParam('From must be a date'),
          to: dateParam('To must be a date'),
        }),
      },
    },
    async (req) => {
      // default: this month in Texas
      const today = todayInTexas();
      const from = req.query.from ?? `${today.slice(0, 8)}01`;
      const to = req.query.to ?? addDays(`${addDays(`${today.slice(0, 8)}01`, 32).slice(0, 8)}01`, -1);
      if (from > to) throw badRequest('From must be before To');
      return companyStats(db, req.auth.companyId, from, to);
    },
  );
}
