import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { decodeObject, type JsonRow, jsonObject, parsedJson } from '../../db/json-rows.js';
import { signPrintToken } from '../../lib/print-token.js';
import type { PrintUrl } from './orders.detail.js';
import { orderInvoices, orders } from './orders.tables.js';
import type { InvoiceOrderPart, InvoiceReadPart } from '../invoices/invoice-read.service.js';

/** The placed-order count behind the navigation badge and the page title. */
export async function placedOrderCount(db: DbOrTx, companyId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.company_id, companyId), eq(orders.status, 'placed')));
  return { count: Number(n) };
}

const orderPartColumns = {
  id: orders.id,
  order_number: orders.order_number,
  status: orders.status,
  total: orders.total,
  ordered_at: orders.ordered_at,
  created_at: orders.created_at,
};
type OrderPartRow = JsonRow<typeof orderPartColumns>;

/** The online orders an invoice was made from (the invoice detail links them). */
export const invoiceOrderPart: InvoiceReadPart<InvoiceOrderPart[]> = {
  sql: (invoiceId) =>
    sql`(select coalesce(jsonb_agg(${jsonObject(orderPartColumns)}), '[]'::jsonb)
      from ${orderInvoices} join ${orders} on ${orders.id} = ${orderInvoices.order_id}
      where ${orderInvoices.invoice_id} = ${invoiceId})`,
  decode: (json) =>
    parsedJson<unknown[]>(json).map((o) => {
      const r = decodeObject<OrderPartRow>(orderPartColumns, o);
      return { ...r, total: Number(r.total) };
    }),
};

/** Printable order links last a week, like invoice links. */
export const ORDER_PRINT_LINK_TTL = '7d';

/** Signs the public printable page of an order: /order/pdf/{token}. */
export const orderPrintUrl =
  (app: FastifyInstance): PrintUrl =>
  (orderId, companyId) =>
    `/order/pdf/${signPrintToken(app, 'order', orderId, companyId, ORDER_PRINT_LINK_TTL)}`;
