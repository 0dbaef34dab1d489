import type { GridQuery } from '@dbo/domain/grid';
import { centsToString, toCents } from '@dbo/domain/money';
import { PAYMENT_MSG, type PaymentValues } from '@dbo/domain/payment';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { type GridColumns, gridClauses } from '../../db/grid.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordActivity } from '../activity/activity.service.js';
import { customers } from '../customers/customers.tables.js';
import { type InvoiceRow, findInvoice } from '../invoices/invoice-lookup.service.js';
import { plugInvoiceReadPart } from '../invoices/invoice-read.service.js';
import { settlePaymentStatus } from '../invoices/invoice-status.service.js';
import { invoices } from '../invoices/invoices.tables.js';
import { payments } from './payments.tables.js';

export const PAYMENT_NOT_FOUND = 'Payment not found';

type PaymentRow = typeof payments.$inferSelect;

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

/**
 * paid_total and the status follow the money: sums the invoice's payments and lets the invoices
 * module derive the status (run inside the payment's transaction with the invoice row locked).
 */
async function settle(tx: DbOrTx, inv: InvoiceRow, userId: number | null): Promise<InvoiceRow> {
  const [{ paid }] = await tx
    .select({ paid: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(eq(payments.invoice_id, inv.id));
  return settlePaymentStatus(tx, inv, toCents(String(paid)), userId);
}

/** The invoice's payments, newest received first (the detail and the printed invoice show them). */
async function invoicePaymentPart(db: DbOrTx, invoiceId: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.invoice_id, invoiceId))
    .orderBy(desc(payments.received_at), desc(payments.id));
  return rows.map((p) => ({
    id: p.id,
    amount: Number(p.amount),
    received_at: p.received_at,
    note: p.note,
    created_at: p.created_at,
    updated_at: p.updated_at,
  }));
}
plugInvoiceReadPart('payments', invoicePaymentPart);

const activityInfo = (inv: InvoiceRow, extra: Record<string, unknown>) => ({
  invoiceNumber: inv.number,
  beer: inv.beer,
  ...extra,
});

export async function addPayment(db: Db, companyId: number, userId: number, invoiceId: number, v: PaymentValues) {
  return db.transaction(async (tx) => {
    const inv = await findInvoice(tx, companyId, { id: invoiceId }, { lock: true });
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
    const updated = await settle(tx, inv, userId);
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
    const inv = await findInvoice(tx, companyId, { id: invoiceId }, { lock: true });
    await ownPayment(tx, companyId, inv.id, paymentId);
    if (inv.status === 'cancelled') throw badRequest(PAYMENT_MSG.cancelled);
    const [p] = await tx
      .update(payments)
      .set({ amount: v.amount.toFixed(2), received_at: v.received_at, note: v.note, updated_at: new Date() })
      .where(eq(payments.id, paymentId))
      .returning();
    const updated = await settle(tx, inv, userId);
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
    const inv = await findInvoice(tx, companyId, { id: invoiceId }, { lock: true });
    const p = await ownPayment(tx, companyId, inv.id, paymentId);
    await tx.delete(payments).where(eq(payments.id, p.id));
    const updated = await settle(tx, inv, userId);
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
