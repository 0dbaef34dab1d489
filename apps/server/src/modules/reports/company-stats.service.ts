import { displayNumber } from '@dbo/domain/invoice';
import { centsToString, toCents } from '@dbo/domain/money';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customerNumberingOn } from '../invoices/invoice-lookup.service.js';
import { invoiceItems, invoices } from '../invoices/invoices.tables.js';
import { orders } from '../orders/orders.tables.js';

/**
 * Company stats over invoice dates from..to (inclusive), cancelled invoices left out.
 * customerCount: customers invoiced in the period (spec silent; 'active customers' is what the
 * dashboard compares month to month). productStats: per product, sorted by total_qty desc; `invoice`
 * is the latest invoice (display number) that sold it.
 */
export async function companyStats(db: DbOrTx, companyId: number, from: string, to: string) {
  const numbering = await customerNumberingOn(db, companyId);
  const inRange = and(
    eq(invoices.company_id, companyId),
    ne(invoices.status, 'cancelled'),
    sql`${invoices.invoiced_at} between ${from}::date and ${to}::date`,
  );
  const [totals] = await db
    .select({
      invoiceCount: sql<string>`count(*)`,
      invoiceTotal: sql<string>`coalesce(sum(${invoices.total}), 0)`,
      customerCount: sql<string>`count(distinct ${invoices.customer_id})`,
    })
    .from(invoices)
    .where(inRange);
  const productRows = await db
    .select({
      product_id: invoiceItems.product_id,
      product: sql<string>`max(${invoiceItems.product_name})`,
      product_type: sql<string>`max(${invoiceItems.product_type})`,
      product_size: sql<string>`max(${invoiceItems.product_size})`,
      total_qty: sql<string>`sum(${invoiceItems.qty})`,
      total_amount: sql<string>`sum(${invoiceItems.total})`,
      total_invoices: sql<string>`count(distinct ${invoiceItems.invoice_id})`,
      last_invoice_id: sql<number>`max(${invoiceItems.invoice_id})`,
    })
    .from(invoiceItems)
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoice_id))
    .where(inRange)
    .groupBy(invoiceItems.product_id)
    .orderBy(desc(sql`sum(${invoiceItems.qty})`), asc(sql`max(${invoiceItems.product_name})`));
  const lastIds = productRows.map((p) => Number(p.last_invoice_id));
  const lastInvoices = lastIds.length ? await db.select().from(invoices).where(inArray(invoices.id, lastIds)) : [];
  const lastById = new Map(lastInvoices.map((i) => [i.id, displayNumber(i, numbering)]));

  const orderRange = and(
    eq(orders.company_id, companyId),
    ne(orders.status, 'draft'),
    sql`(coalesce(${orders.ordered_at}, ${orders.created_at}) at time zone 'America/Chicago')::date between ${from}::date and ${to}::date`,
  );
  const orderStats = await db
    .select({
      status: orders.status,
      count: sql<string>`count(*)`,
      total: sql<string>`coalesce(sum(${orders.total}), 0)`,
    })
    .from(orders)
    .where(orderRange)
    .groupBy(orders.status)
    .orderBy(orders.status);
  const orderCount = orderStats.reduce((n, s) => n + Number(s.count), 0);
  const orderTotalCents = orderStats.reduce((n, s) => n + toCents(s.total), 0);
  return {
    from,
    to,
    customerCount: Number(totals.customerCount),
    invoiceCount: Number(totals.invoiceCount),
    invoiceTotal: Number(centsToString(toCents(totals.invoiceTotal))),
    productStats: productRows.map((p) => ({
      product_id: p.product_id,
      product: p.product,
      product_type: p.product_type,
      product_size: p.product_size,
      invoice: lastById.get(Number(p.last_invoice_id)) ?? null,
      total_qty: Number(p.total_qty),
      total_amount: Number(centsToString(toCents(p.total_amount))),
      total_invoices: Number(p.total_invoices),
    })),
    orderStats: orderStats.map((s) => ({ status: s.status, count: Number(s.count), total: Number(s.total) })),
    orderCount,
    orderTotal: Number(centsToString(orderTotalCents)),
  };
}
