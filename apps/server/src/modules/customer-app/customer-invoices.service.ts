import { type CustomerListQuery, HIDDEN_INVOICE_STATUSES } from '@dbo/domain/customer-app';
import { DEFAULT_PAGE_SIZE, MAX_GRID_ROWS } from '@dbo/domain/constants';
import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { owingInvoiceColumns } from '../invoices/customer-balance.service.js';
import { invoices } from '../invoices/invoices.tables.js';
import type { CustomerActor } from '../orders/orders.place.js';

/** Invoices a customer sees: not drafts (still being prepared) nor cancelled ones. */
const HIDDEN = [...HIDDEN_INVOICE_STATUSES];

const ownInvoices = (who: CustomerActor) =>
  and(
    eq(invoices.company_id, who.companyId),
    eq(invoices.customer_id, who.customerId),
    notInArray(invoices.status, HIDDEN),
  );

/** GET /customer-app/invoice: newest first. */
export async function customerInvoices(db: DbOrTx, who: CustomerActor, q: CustomerListQuery) {
  const end = Math.min(q.endRow ?? q.startRow + DEFAULT_PAGE_SIZE, q.startRow + MAX_GRID_ROWS);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(owingInvoiceColumns)
      .from(invoices)
      .where(ownInvoices(who))
      .orderBy(desc(invoices.invoiced_at), desc(invoices.id))
      .limit(Math.max(end - q.startRow, 1))
      .offset(q.startRow),
    db.select({ n: count() }).from(invoices).where(ownInvoices(who)),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      total: Number(r.total),
      paid_total: Number(r.paid_total),
      pdf_path: `/customer-app/invoice/${r.id}/pdf`,
    })),
    count: Number(n),
  };
}

/** One of the customer's own visible invoices; 404 for anything else. */
export async function ownInvoiceId(db: DbOrTx, who: CustomerActor, id: number) {
  const [inv] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.id, id), ownInvoices(who)));
  if (!inv) throw notFound('Invoice not found');
  return inv.id;
}
