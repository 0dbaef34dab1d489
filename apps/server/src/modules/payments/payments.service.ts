import type { GridQuery } from '@dbo/domain/grid';
import { centsToString, toCents } from '@dbo/domain/money';
import { displayNumber } from '@dbo/domain/invoice';
import { PAYMENT_MSG, type PaymentValues, splitPayment } from '@dbo/domain/payment';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { decodeObject, type JsonRow, jsonObject, parsedJson } from '../../db/json-rows.js';
import { type GridColumns, runGrid } from '../../db/grid.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { lockCompanyRow } from '../../lib/company-rows.js';
import { recordActivity } from '../activity/activity.service.js';
import { users } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { type InvoiceRow, findInvoice } from '../invoices/invoice-lookup.service.js';
import { settlePaymentStatus } from '../invoices/invoice-status.service.js';
import { invoices } from '../invoices/invoices.tables.js';
import { paymentAllocations, payments } from './payments.tables.js';
import type { InvoicePaymentPart, InvoiceReadPart } from '../invoices/invoice-read.service.js';

export const PAYMENT_NOT_FOUND = 'Payment not found';

type PaymentRow = typeof payments.$inferSelect;

const money = (cents: number) => Number(centsToString(cents));

/**
 * A payment as one invoice sees it: `amount` is what it paid on that invoice (or, answering a
 * POST / PUT, the amount received); `applied` what it paid on the invoice, `on_account` its money
 * applied to no invoice (the customer's credit).
 */
export function publicPayment(p: PaymentRow, invoiceId: number, parts: { applied: number; on_account: number }) {
  return {
    id: p.id,
    invoice_id: invoiceId,
    amount: Number(p.amount),
    applied: money(parts.applied),
    on_account: money(parts.on_account),
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
    remaining: money(toCents(inv.total) - toCents(inv.paid_total)),
  };
}

/** A payment's money applied to no invoice: its amount less all its allocations (SQL, per row). */
const unallocated = sql<string>`${payments.amount} - coalesce((select sum(x.amount) from payment_allocations x where x.payment_id = ${payments.id}), 0)`;

/** The invoice's payments (what each paid on it), newest received first. */
async function invoicePaymentRows(db: DbOrTx, invoiceId: number, companyId?: number) {
  return db
    .select({
      p: payments,
      amount: paymentAllocations.amount,
      invoice_id: paymentAllocations.invoice_id,
      on_account: unallocated,
      // who recorded it (a removed user is kept, so still named)
      user: users.name,
    })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.payment_id))
    .leftJoin(users, and(eq(users.id, payments.user_id), eq(users.company_id, payments.company_id)))
    .where(
      and(
        eq(paymentAllocations.invoice_id, invoiceId),
        companyId ? eq(paymentAllocations.company_id, companyId) : undefined,
      ),
    )
    .orderBy(desc(payments.received_at), desc(payments.id));
}

export async function listPayments(db: DbOrTx, companyId: number, invoiceId: number) {
  const rows = await invoicePaymentRows(db, invoiceId, companyId);
  return rows.map((r) => ({
    ...publicPayment({ ...r.p, amount: r.amount }, r.invoice_id, {
      applied: toCents(r.amount),
      on_account: toCents(String(r.on_account)),
    }),
    user: r.user,
  }));
}

/**
 * The ONE writer of an invoice's paid_total and money status: the sum of its allocations
 * (payments and credit memos) handed to the invoices module, which derives the status. Runs in
 * the caller's transaction with the invoice row locked.
 */
export async function settleInvoice(tx: DbOrTx, inv: InvoiceRow, userId: number | null): Promise<InvoiceRow> {
  const [{ paid }] = await tx
    .select({ paid: sql<string>`coalesce(sum(${paymentAllocations.amount}), 0)` })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.invoice_id, inv.id));
  return settlePaymentStatus(tx, inv, toCents(String(paid)), userId);
}

/**
 * Locks the company's invoices in ascending id order (a fixed order, so two payments over the same
 * invoices never deadlock and the second sees the first's paid_total). A missing one is a 404.
 */
export async function lockInvoices(tx: DbOrTx, companyId: number, ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const out = new Map<number, InvoiceRow>();
  for (const id of sorted) out.set(id, await findInvoice(tx, companyId, { id }, { lock: true }));
  return out;
}

const paymentPartColumns = {
  id: payments.id,
  amount: paymentAllocations.amount,
  received_at: payments.received_at,
  note: payments.note,
  created_at: payments.created_at,
  updated_at: payments.updated_at,
};
type PaymentPartRow = JsonRow<typeof paymentPartColumns>;

/** The invoice's payments, newest received first (the detail and the printed invoice show them). */
export const invoicePaymentPart: InvoiceReadPart<InvoicePaymentPart[]> = {
  sql: (invoiceId) =>
    sql`(select coalesce(jsonb_agg(${jsonObject(paymentPartColumns)} || jsonb_build_object('on_account', (${unallocated})::text)
        order by ${payments.received_at} desc, ${payments.id} desc), '[]'::jsonb)
      from ${paymentAllocations} join ${payments} on ${payments.id} = ${paymentAllocations.payment_id}
      where ${paymentAllocations.invoice_id} = ${invoiceId})`,
  decode: (json) =>
    parsedJson<{ on_account: string }[]>(json).map((row) => {
      const p = decodeObject<PaymentPartRow>(paymentPartColumns, row);
      return {
        id: p.id,
        amount: Number(p.amount),
        on_account: money(toCents(row.on_account)),
        received_at: p.received_at,
        note: p.note,
        created_at: p.created_at,
        updated_at: p.updated_at,
      };
    }),
};

const activityInfo = (inv: InvoiceRow, extra: Record<string, unknown>) => ({
  invoiceNumber: inv.number,
  beer: inv.beer,
  ...extra,
});

const logPayment = (
  tx: DbOrTx,
  companyId: number,
  userId: number,
  type: 'CREATE' | 'UPDATE' | 'DELETE',
  info: Record<string, unknown>,
) => recordActivity(tx, { companyId, userId, module: 'PAYMENT', type, info });

/** What the invoice still owes, in cents (never below 0), leaving out one allocation of it. */
const owedCents = (inv: InvoiceRow, leaveOut = '0') =>
  Math.max(toCents(inv.total) - toCents(inv.paid_total) + toCents(leaveOut), 0);

/**
 * POST /invoice/{id}/payment: a payment of the invoice's customer, applied to the invoice up to
 * what it still owes; the rest is the customer's on-account credit (issue 30: money is conserved,
 * the remaining amount never goes below 0). A payment on a fully paid invoice is all credit; its
 * allocation of 0 keeps it on the invoice, where it is edited or deleted.
 */
export async function addPayment(db: Db, companyId: number, userId: number, invoiceId: number, v: PaymentValues) {
  return db.transaction(async (tx) => {
    const inv = await findInvoice(tx, companyId, { id: invoiceId }, { lock: true });
    if (inv.status === 'cancelled') throw badRequest(PAYMENT_MSG.cancelled);
    const parts = splitPayment(toCents(v.amount), owedCents(inv));
    const [p] = await tx
      .insert(payments)
      .values({
        company_id: companyId,
        customer_id: inv.customer_id,
        amount: v.amount.toFixed(2),
        received_at: v.received_at,
        note: v.note,
        user_id: userId,
      })
      .returning();
    await tx.insert(paymentAllocations).values({
      company_id: companyId,
      payment_id: p.id,
      invoice_id: inv.id,
      amount: centsToString(parts.applied),
    });
    const updated = await settleInvoice(tx, inv, userId);
    await logPayment(
      tx,
      companyId,
      userId,
      'CREATE',
      activityInfo(inv, { paymentId: p.id, amount: v.amount, onAccount: money(parts.on_account) }),
    );
    return { ...publicPayment(p, inv.id, parts), invoice: invoiceMoney(updated) };
  });
}

/** The payment's allocation on this invoice (a payment of another invoice or company is a 404). */
async function ownAllocation(tx: DbOrTx, companyId: number, invoiceId: number, paymentId: number) {
  const [row] = await tx
    .select({ p: payments, a: paymentAllocations })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.payment_id))
    .where(
      and(
        eq(paymentAllocations.payment_id, paymentId),
        eq(paymentAllocations.invoice_id, invoiceId),
        eq(payments.company_id, companyId),
      ),
    );
  if (!row) throw notFound(PAYMENT_NOT_FOUND);
  return row;
}

/**
 * A payment whose on-account credit already paid other invoices (POST /customer/{id}/credit/apply)
 * can be neither changed nor deleted: reversing it would take back money those invoices hold.
 */
async function refuseIfCreditApplied(tx: DbOrTx, paymentId: number, verb: 'changed' | 'deleted') {
  const used = await tx
    .select({ amount: paymentAllocations.amount, number: invoices.number, beer: invoices.beer })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoice_id))
    .where(and(eq(paymentAllocations.payment_id, paymentId), eq(paymentAllocations.from_credit, true)));
  if (!used.length) return;
  const cents = used.reduce((s, u) => s + toCents(u.amount), 0);
  const labels = [...new Set(used.map((u) => displayNumber(u)))].join(', ');
  throw badRequest(PAYMENT_MSG.creditApplied(money(cents), labels, verb));
}

/**
 * PUT /invoice/{id}/payment/{paymentId}: `amount` replaces what the payment brought at this
 * invoice (what it paid here and its on-account rest); it is split again, applied up to what the
 * invoice owes without it, the rest on account. What it pays on other invoices stays.
 */
export async function updatePayment(
  db: Db,
  companyId: number,
  userId: number,
  invoiceId: number,
  paymentId: number,
  v: PaymentValues,
) {
  return db.transaction(async (tx) => {
    // the payment row first, then the invoice: the order applying credit and deleting take too
    await lockCompanyRow(tx, payments, companyId, paymentId, PAYMENT_NOT_FOUND);
    const inv = await findInvoice(tx, companyId, { id: invoiceId }, { lock: true });
    const { a } = await ownAllocation(tx, companyId, inv.id, paymentId);
    if (inv.status === 'cancelled') throw badRequest(PAYMENT_MSG.cancelled);
    await refuseIfCreditApplied(tx, paymentId, 'changed');
    const [{ elsewhere }] = await tx
      .select({ elsewhere: sql<string>`coalesce(sum(${paymentAllocations.amount}), 0)` })
      .from(paymentAllocations)
      .where(and(eq(paymentAllocations.payment_id, paymentId), sql`${paymentAllocations.id} <> ${a.id}`));
    const parts = splitPayment(toCents(v.amount), owedCents(inv, a.amount));
    const [p] = await tx
      .update(payments)
      .set({
        amount: centsToString(toCents(String(elsewhere)) + toCents(v.amount)),
        received_at: v.received_at,
        note: v.note,
        updated_at: new Date(),
      })
      .where(eq(payments.id, paymentId))
      .returning();
    await tx
      .update(paymentAllocations)
      .set({ amount: centsToString(parts.applied) })
      .where(eq(paymentAllocations.id, a.id));
    const updated = await settleInvoice(tx, inv, userId);
    await logPayment(
      tx,
      companyId,
      userId,
      'UPDATE',
      activityInfo(inv, { paymentId: p.id, amount: v.amount, onAccount: money(parts.on_account) }),
    );
    return { ...publicPayment({ ...p, amount: v.amount.toFixed(2) }, inv.id, parts), invoice: invoiceMoney(updated) };
  });
}

/**
 * Removes a payment with all its allocations and re-settles every invoice it paid (locked in id
 * order). Owner only (checked by the routes). Answers the settled invoices by id.
 */
export async function removePayment(tx: Tx, companyId: number, userId: number, paymentId: number) {
  // the payment row first, then its invoices: the order applying credit takes too
  const p = await lockCompanyRow(tx, payments, companyId, paymentId, PAYMENT_NOT_FOUND);
  await refuseIfCreditApplied(tx, p.id, 'deleted');
  const allocated = await tx
    .select({ invoice_id: paymentAllocations.invoice_id })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.payment_id, p.id));
  const locked = await lockInvoices(
    tx,
    companyId,
    allocated.map((a) => a.invoice_id),
  );
  await tx.delete(payments).where(eq(payments.id, p.id));
  const [first] = locked.values();
  const settled = new Map<number, InvoiceRow>();
  for (const inv of locked.values()) settled.set(inv.id, await settleInvoice(tx, inv, userId));
  // the activity feed names an invoice: the (first) one the payment paid
  await logPayment(tx, companyId, userId, 'DELETE', {
    ...(first ? activityInfo(first, {}) : {}),
    paymentId: p.id,
    customerId: p.customer_id,
    amount: Number(p.amount),
    invoices: [...locked.keys()],
  });
  return { payment: p, settled };
}

/** DELETE /invoice/{id}/payment/{paymentId}: the whole payment goes, with all its allocations. */
export async function deletePayment(db: Db, companyId: number, userId: number, invoiceId: number, paymentId: number) {
  return db.transaction(async (tx) => {
    const inv = await findInvoice(tx, companyId, { id: invoiceId });
    await ownAllocation(tx, companyId, inv.id, paymentId);
    const { settled } = await removePayment(tx, companyId, userId, paymentId);
    const updated = settled.get(inv.id) ?? inv;
    return { success: true, id: paymentId, invoice: invoiceMoney(updated) };
  });
}

const gridColumns: GridColumns = {
  id: { expr: payments.id, type: 'number' },
  received_at: { expr: payments.received_at, type: 'date' },
  amount: { expr: paymentAllocations.amount, type: 'number' },
  note: { expr: payments.note, type: 'text' },
  created_at: { expr: payments.created_at, type: 'timestamp' },
  invoice_id: { expr: paymentAllocations.invoice_id, type: 'number' },
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
  // one row per invoice a payment paid (a payment over several invoices shows once per invoice)
  const { rows, count } = await runGrid(db, {
    select: {
      id: payments.id,
      invoice_id: paymentAllocations.invoice_id,
      number: invoices.number,
      beer: invoices.beer,
      status: invoices.status,
      customer_id: invoices.customer_id,
      customer: customers.name,
      amount: sql<number>`${paymentAllocations.amount}::float8`,
      received_at: payments.received_at,
      note: payments.note,
      created_at: payments.created_at,
    },
    from: paymentAllocations,
    joins: [
      { table: payments, on: eq(payments.id, paymentAllocations.payment_id), kind: 'inner' },
      { table: invoices, on: eq(invoices.id, paymentAllocations.invoice_id), kind: 'inner' },
      { table: customers, on: eq(customers.id, invoices.customer_id), kind: 'inner' },
    ],
    columns: gridColumns,
    query: q,
    defaultSort: [{ colId: 'received_at', sort: 'desc' }],
    tieBreaker: payments.id,
    scope: [
      eq(payments.company_id, companyId),
      extra.customerId ? eq(invoices.customer_id, extra.customerId) : undefined,
      extra.invoiceId ? eq(paymentAllocations.invoice_id, extra.invoiceId) : undefined,
    ],
  });
  return { rows: rows.map((r) => ({ ...r, amount: Number(r.amount) })), count };
}
