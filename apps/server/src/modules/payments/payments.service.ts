import type { GridQuery } from '@dbo/domain/grid';
import { centsToString, toCents } from '@dbo/domain/money';
import { PAYMENT_MSG, type PaymentValues, isMoneyStatus, statusFromPayments } from '@dbo/domain/payment';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { type GridColumns, gridClauses } from '../../db/grid.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordActivity } from '../activity/activity.service.js';
import { customers } from '../customers/customers.tables.js';
import { invoiceStatusHistory, invoices, payments } from '../invoices/invoices.tables.js';

export const INVOICE_NOT_FOUND = 'Invoice not found';
export const PAYMENT_NOT_FOUND = 'Payment not found';

type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** The company's invoice by id (404 for another company's), optionally under a row lock. */
export async function ownInvoice(db: DbOrTx, companyId: number, invoiceId: number, lock = false): Promise<InvoiceRow> {
  const q = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.company_id, companyId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

export function publicPayment(p: PaymentRow) {
  return {
    id: p.id,
    invoice_id: p.invoice_id,
    amount: Number(p.amount),
    received_at: p.received_at,
    note: p.note,
    user_id: p.user_id,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

export function invoiceMoney(inv: InvoiceRow) {
  return {
    id: inv.id,
    number: inv.number,
    beer: inv.beer,
    status: inv.status,
    total: Number(inv.total),
    paid_total: Number(inv.paid_total),
    remaining: Number(centsToString(toCents(inv.total) - toCents(inv.paid_total))),
  };
}

export async function listPayments(db: DbOrTx, companyId: number, invoiceId: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.invoice_id, invoiceId), eq(payments.company_id, companyId)))
    .orderBy(desc(payments.received_at), desc(payments.id));
  return rows.map(publicPayment);
}

/** The status the invoice had before payments moved it to paid / partially_paid. */
async function statusBeforePayments(tx: DbOrTx, invoiceId: number): Promise<string | null> {
  const rows = await tx
    .select({ old: invoiceStatusHistory.old_status, next: invoiceStatusHistory.new_status })
    .from(invoiceStatusHistory)
    .where(
      and(
        eq(invoiceStatusHistory.invoice_id, invoiceId),
        inArray(invoiceStatusHistory.new_status, ['paid', 'partially_paid']),
      ),
    )
    .orderBy(desc(invoiceStatusHistory.created_at), desc(invoiceStatusHistory.id));
  const entry = rows.find((r) => r.old && !isMoneyStatus(r.old) && r.old !== 'cancelled');
  return entry?.old ?? null;
}

/**
 * Status follows the money; run inside the payment's transaction with the invoice row locked.
 * Keeps paid_total current and writes a status history entry when the status changes.
 */
export async function applyPaymentStatus(tx: DbOrTx, inv: InvoiceRow, userId: number | null): Promise<InvoiceRow> {
  const [{ paid }] = await tx
    .select({ paid: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(eq(payments.invoice_id, inv.id));
  const paidCents = toCents(String(paid));
  const before = isMoneyStatus(inv.status) ? await statusBeforePayments(tx, inv.id) : null;
  const status = statusFromPayments({
    status: inv.status,
    totalCents: toCents(inv.total),
    paidCents,
    statusBeforePayments: before,
  });
  const [updated] = await tx
    .update(invoices)
    .set({ paid_total: centsToString(paidCents), status, updated_at: new Date() })
    .where(eq(invoices.id, inv.id))
    .returning();
  if (status !== inv.status) {
    await tx.insert(invoiceStatusHistory).values({
      company_id: inv.company_id,
      invoice_id: inv.id,
      old_status: inv.status,
      new_status: status,
      user_id: userId,
    });
  }
  return updated;
}

const activityInfo = (inv: InvoiceRow, extra: Record<string, unknown>) => ({
  invoiceNumber: inv.number,
  beer: inv.beer,
  ...extra,
});

export async function addPayment(db: Db, companyId: number, userId: number, invoiceId: number, v: PaymentValues) {
  return db.transaction(async (tx) => {
    const inv = await ownInvoice(tx, companyId, invoiceId, true);
    if (inv.status === 'cancelled') throw badRequest(PAYMENT_MSG.cancelled);
    const [p] = await tx
      .insert(payments)
      .values({
        company_id: companyId,
        invoice_id: inv.id,
        amount: v.amount.toFixed(2),
        received_at: v.received_at,
        note: v.note,
        user_id: userId,
      })
      .returning();
    const updated = await applyPaymentStatus(tx, inv, userId);
    await recordActivity(tx, {
      companyId,
      userId,
      module: 'PAYMENT',
      type: 'CREATE',
      info: activityInfo(inv, { paymentId: p.id, amount: v.amount }),
    });
    return { ...publicPayment(p), invoice: invoiceMoney(updated) };
  });
}

async function ownPayment(tx: DbOrTx, companyId: number, invoiceId: number, paymentId: number) {
  const [p] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.invoice_id, invoiceId), eq(payments.company_id, companyId)));
  if (!p) throw notFound(PAYMENT_NOT_FOUND);
  return p;
}

export async function updatePayment(
  db: Db,
  companyId: number,
  userId: number,
  invoiceId: number,
  paymentId: number,
  v: PaymentValues,
) {
  return db.transaction(async (tx) => {
    const inv = await ownInvoice(tx, companyId, invoiceId, true);
    await ownPayment(tx, companyId, inv.id, paymentId);
    if (inv.status === 'cancelled') throw badRequest(PAYMENT_MSG.cancelled);
    const [p] = await tx
      .update(payments)
      .set({ amount: v.amount.toFixed(2), received_at: v.received_at, note: v.note, updated_at: new Date() })
      .where(eq(payments.id, paymentId))
      .returning();
    const updated = await applyPaymentStatus(tx, inv, userId);
    await recordActivity(tx, {
      companyId,
      userId,
      module: 'PAYMENT',
      type: 'UPDATE',
      info: activityInfo(inv, { paymentId: p.id, amount: v.amount }),
    });
    return { ...publicPayment(p), invoice: invoiceMoney(updated) };
  });
}

/** Owner only (checked by the route). A payment on a cancelled invoice may be removed; it stays cancelled. */
export async function deletePayment(db: Db, companyId: number, userId: number, invoiceId: number, paymentId: number) {
  return db.transaction(async (tx) => {
    const inv = await ownInvoice(tx, companyId, invoiceId, true);
    const p = await ownPayment(tx, companyId, inv.id, paymentId);
    await tx.delete(payments).where(eq(payments.id, p.id));
    const updated = await applyPaymentStatus(tx, inv, userId);
    await recordActivity(tx, {
      companyId,
      userId,
      module: 'PAYMENT',
      type: 'DELETE',
      info: activityInfo(inv, { paymentId: p.id, amount: Number(p.amount) }),
    });
    return { success: true, id: p.id, invoice: invoiceMoney(updated) };
  });
}

const gridColumns: GridColumns = {
  id: { expr: payments.id, type: 'number' },
  received_at: { expr: payments.received_at, type: 'date' },
  amount: { expr: payments.amount, type: 'number' },
  note: { expr: payments.note, type: 'text' },
  created_at: { expr: payments.created_at, type: 'timestamp' },
  invoice_id: { expr: payments.invoice_id, type: 'number' },
  // the invoice column filters on its number
  number: { expr: invoices.number, type: 'number' },
  invoice: { expr: invoices.number, type: 'number' },
  beer: { expr: invoices.beer, type: 'boolean' },
  status: { expr: invoices.status, type: 'set' },
  customer_id: { expr: invoices.customer_id, type: 'number' },
  customer: { expr: customers.name, type: 'text' },
  customer_name: { expr: customers.name, type: 'text' },
};

export async function paymentGrid(
  db: DbOrTx,
  companyId: number,
  q: GridQuery,
  extra: { customerId?: number; invoiceId?: number } = {},
) {
  const g = gridClauses(q, gridColumns, {
    defaultSort: [{ colId: 'received_at', sort: 'desc' }],
    tieBreaker: payments.id,
  });
  const where = and(
    eq(payments.company_id, companyId),
    extra.customerId ? eq(invoices.customer_id, extra.customerId) : undefined,
    extra.invoiceId ? eq(payments.invoice_id, extra.invoiceId) : undefined,
    g.where,
  );
  const rows = await db
    .select({
      id: payments.id,
      invoice_id: payments.invoice_id,
      number: invoices.number,
      beer: invoices.beer,
      status: invoices.status,
      customer_id: invoices.customer_id,
      customer: customers.name,
      amount: sql<number>`${payments.amount}::float8`,
      received_at: payments.received_at,
      note: payments.note,
      created_at: payments.created_at,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoice_id))
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .where(where)
    .orderBy(...g.orderBy)
    .limit(g.limit)
    .offset(g.offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoice_id))
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .where(where);
  return { rows: rows.map((r) => ({ ...r, amount: Number(r.amount) })), count: Number(n) };
}
