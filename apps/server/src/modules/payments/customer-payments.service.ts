/**
 * A payment from a customer over several invoices, and its on-account credit: what a payment or a
 * credit memo has not allocated yet. Every invoice written here is locked in ascending id order
 * first (lockInvoices) and settled by settleInvoice, the one writer of paid_total and status.
 */
import { BALANCE_EXCLUDED_STATUSES } from '@dbo/domain/customer';
import { displayNumber } from '@dbo/domain/invoice';
import { centsToString, toCents } from '@dbo/domain/money';
import {
  type Allocation,
  type CustomerPaymentValues,
  RECEIVABLES_MSG,
  allocateOldestFirst,
  sumCents,
} from '@dbo/domain/receivables';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordActivity } from '../activity/activity.service.js';
import { findCustomer } from '../customers/customers.service.js';
import type { InvoiceRow } from '../invoices/invoice-lookup.service.js';
import { customerNumberingOn } from '../invoices/invoice-lookup.service.js';
import { owingWhere } from '../invoices/customer-balance.service.js';
import { invoices } from '../invoices/invoices.tables.js';
import { lockInvoices, removePayment, settleInvoice } from './payments.service.js';
import { creditMemos, paymentAllocations, payments } from './payments.tables.js';

const money = (cents: number) => Number(centsToString(cents));

/** The customer's open invoices, oldest due first (no due date: the invoice date). */
export async function openInvoices(db: DbOrTx, companyId: number, customerId: number) {
  const numbering = await customerNumberingOn(db, companyId);
  const rows = await db
    .select()
    .from(invoices)
    .where(owingWhere(companyId, customerId))
    .orderBy(
      asc(sql`coalesce(${invoices.due_at}, ${invoices.invoiced_at})`),
      asc(invoices.invoiced_at),
      asc(invoices.id),
    );
  return rows.map((inv) => openInvoice(inv, numbering));
}

function openInvoice(inv: InvoiceRow, numbering: boolean) {
  return {
    id: inv.id,
    number: inv.number,
    beer: inv.beer,
    number_label: displayNumber(inv, numbering),
    invoiced_at: inv.invoiced_at,
    due_at: inv.due_at,
    status: inv.status,
    total: Number(inv.total),
    paid_total: Number(inv.paid_total),
    open: money(toCents(inv.total) - toCents(inv.paid_total)),
  };
}

/** Unallocated money per source (payments, then credit memos), oldest first. */
async function creditSources(db: DbOrTx, companyId: number, customerId: number, opts: { lock?: boolean } = {}) {
  // table-qualified on purpose: drizzle writes bare column names in a one-table select
  const allocatedTo = (col: 'payment_id' | 'credit_memo_id', outer: 'payments' | 'credit_memos') =>
    sql<string>`coalesce((select sum(pa.amount) from payment_allocations pa where ${sql.raw(`pa.${col} = "${outer}"."id"`)}), 0)`;
  const payQ = db
    .select({
      id: payments.id,
      amount: payments.amount,
      allocated: allocatedTo('payment_id', 'payments'),
    })
    .from(payments)
    .where(and(eq(payments.company_id, companyId), eq(payments.customer_id, customerId)))
    .orderBy(asc(payments.received_at), asc(payments.id));
  const memoQ = db
    .select({
      id: creditMemos.id,
      amount: creditMemos.total,
      allocated: allocatedTo('credit_memo_id', 'credit_memos'),
    })
    .from(creditMemos)
    .where(and(eq(creditMemos.company_id, companyId), eq(creditMemos.customer_id, customerId)))
    .orderBy(asc(creditMemos.issued_at), asc(creditMemos.id));
  const [pays, memos] = opts.lock ? [await payQ.for('update'), await memoQ.for('update')] : [await payQ, await memoQ];
  const left = (r: { amount: string; allocated: string }) => toCents(r.amount) - toCents(r.allocated);
  return [
    ...pays.map((r) => ({ kind: 'payment' as const, id: r.id, cents: left(r) })),
    ...memos.map((r) => ({ kind: 'credit_memo' as const, id: r.id, cents: left(r) })),
  ].filter((s) => s.cents > 0);
}

export async function onAccountCents(db: DbOrTx, companyId: number, customerId: number) {
  return (await creditSources(db, companyId, customerId)).reduce((s, c) => s + c.cents, 0);
}

/** GET /customer/{id}/receivable: open invoices (oldest due first), credit, balance and limit. */
export async function customerReceivable(db: DbOrTx, companyId: number, customerId: number) {
  const customer = await findCustomer(db, companyId, customerId, { withDeleted: true });
  const open = await openInvoices(db, companyId, customerId);
  const openCents = open.reduce((s, i) => s + toCents(i.open), 0);
  const credit = await onAccountCents(db, companyId, customerId);
  return {
    customer_id: customer.id,
    customer_name: customer.name,
    open_invoices: open,
    open_total: money(openCents),
    on_account: money(credit),
    balance: money(openCents - credit),
    credit_limit: customer.credit_limit,
  };
}

/**
 * Checks a plan of allocations against the locked invoices: each the customer's, open, and not
 * above its open amount. Throws the 400 (the transaction then changes nothing).
 */
function checkPlan(
  locked: Map<number, InvoiceRow>,
  plan: readonly Allocation[],
  customerId: number,
  numbering: boolean,
) {
  for (const a of plan) {
    const inv = locked.get(a.invoice_id);
    if (!inv) throw notFound(RECEIVABLES_MSG.invoiceNotFound);
    const label = displayNumber(inv, numbering);
    if (inv.customer_id !== customerId) throw badRequest(RECEIVABLES_MSG.notCustomersInvoice(label));
    if ((BALANCE_EXCLUDED_STATUSES as readonly string[]).includes(inv.status))
      throw badRequest(RECEIVABLES_MSG.invoiceNotOpen(label));
    const openCents = toCents(inv.total) - toCents(inv.paid_total);
    if (toCents(a.amount) > openCents) throw badRequest(RECEIVABLES_MSG.overOpen(label, money(Math.max(openCents, 0))));
  }
}

/**
 * The invoices a plan touches, locked. Without a plan: the customer's open invoices, locked,
 * then allocated oldest due first from their locked (current) open amounts.
 */
async function lockForPlan(
  tx: Tx,
  companyId: number,
  customerId: number,
  plan: Allocation[] | undefined,
  amount: number,
) {
  if (plan)
    return {
      locked: await lockInvoices(
        tx,
        companyId,
        plan.map((a) => a.invoice_id),
      ),
      plan,
    };
  const ids = (await tx.select({ id: invoices.id }).from(invoices).where(owingWhere(companyId, customerId))).map(
    (r) => r.id,
  );
  const locked = await lockInvoices(tx, companyId, ids);
  const numbering = await customerNumberingOn(tx, companyId);
  const ordered = [...locked.values()]
    .map((inv) => ({
      inv,
      key: `${inv.due_at ?? inv.invoiced_at}|${inv.invoiced_at}|${String(inv.id).padStart(10, '0')}`,
    }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ inv }) => openInvoice(inv, numbering));
  return { locked, plan: allocateOldestFirst(ordered, amount) };
}

async function insertAllocations(
  tx: Tx,
  companyId: number,
  source: { payment_id: number } | { credit_memo_id: number },
  plan: readonly Allocation[],
  /** applying on-account credit (the payment can then no longer be changed or deleted) */
  fromCredit = false,
) {
  if (!plan.length) return;
  await tx.insert(paymentAllocations).values(
    plan.map((a) => ({
      company_id: companyId,
      ...source,
      invoice_id: a.invoice_id,
      amount: a.amount.toFixed(2),
      from_credit: fromCredit,
    })),
  );
}

async function settleAll(tx: Tx, locked: Map<number, InvoiceRow>, ids: readonly number[], userId: number) {
  const out = [];
  for (const inv of locked.values()) {
    if (!ids.includes(inv.id)) continue;
    const s = await settleInvoice(tx, inv, userId);
    out.push({
      id: s.id,
      status: s.status,
      total: Number(s.total),
      paid_total: Number(s.paid_total),
      remaining: money(toCents(s.total) - toCents(s.paid_total)),
    });
  }
  return out;
}

/** Settles the plan's invoices, then records the payment's activity: `info`, then the invoices' ids. */
async function settlePlan(
  tx: Tx,
  companyId: number,
  userId: number,
  locked: Map<number, InvoiceRow>,
  plan: readonly Allocation[],
  type: 'CREATE' | 'UPDATE',
  info: Record<string, unknown>,
) {
  const ids = plan.map((a) => a.invoice_id);
  const settled = await settleAll(tx, locked, ids, userId);
  await recordActivity(tx, { companyId, userId, module: 'PAYMENT', type, info: { ...info, invoices: ids } });
  return settled;
}

/** POST /customer/{id}/payment */
export async function addCustomerPayment(
  db: Db,
  companyId: number,
  userId: number,
  customerId: number,
  v: CustomerPaymentValues,
) {
  await findCustomer(db, companyId, customerId, { withDeleted: true });
  const numbering = await customerNumberingOn(db, companyId);
  const id = await db.transaction(async (tx) => {
    const { locked, plan } = await lockForPlan(tx, companyId, customerId, v.allocations, v.amount);
    checkPlan(locked, plan, customerId, numbering);
    const [p] = await tx
      .insert(payments)
      .values({
        company_id: companyId,
        customer_id: customerId,
        amount: v.amount.toFixed(2),
        received_at: v.paid_at,
        method: v.method,
        reference: v.reference,
        note: v.note,
        user_id: userId,
      })
      .returning();
    await insertAllocations(tx, companyId, { payment_id: p.id }, plan);
    const settled = await settlePlan(tx, companyId, userId, locked, plan, 'CREATE', {
      paymentId: p.id,
      customerId,
      amount: v.amount,
    });
    return { id: p.id, settled };
  });
  const [saved] = await customerPayments(db, companyId, customerId, id.id);
  return { ...saved, invoices: id.settled };
}

/** POST /customer/{id}/credit/apply: on-account credit onto open invoices, oldest credit first. */
export async function applyCredit(
  db: Db,
  companyId: number,
  userId: number,
  customerId: number,
  allocations: Allocation[] | undefined,
) {
  await findCustomer(db, companyId, customerId, { withDeleted: true });
  const numbering = await customerNumberingOn(db, companyId);
  return db.transaction(async (tx) => {
    // credit sources locked first, then invoices (always this order: no deadlock with payments,
    // which lock only invoices)
    const sources = await creditSources(tx, companyId, customerId, { lock: true });
    const credit = sources.reduce((s, c) => s + c.cents, 0);
    if (credit <= 0) throw badRequest(RECEIVABLES_MSG.noCredit);
    if (allocations && sumCents(allocations) > credit)
      throw badRequest(RECEIVABLES_MSG.allocationsOverCredit(money(credit)));
    const { locked, plan } = await lockForPlan(tx, companyId, customerId, allocations, credit / 100);
    checkPlan(locked, plan, customerId, numbering);
    // split each invoice's amount over the sources, oldest first
    const rows: { source: { payment_id: number } | { credit_memo_id: number }; a: Allocation }[] = [];
    let si = 0;
    for (const a of plan) {
      let need = toCents(a.amount);
      while (need > 0 && si < sources.length) {
        const s = sources[si];
        const take = Math.min(need, s.cents);
        rows.push({
          source: s.kind === 'payment' ? { payment_id: s.id } : { credit_memo_id: s.id },
          a: { invoice_id: a.invoice_id, amount: take / 100 },
        });
        s.cents -= take;
        need -= take;
        if (s.cents === 0) si++;
      }
    }
    for (const r of rows) await insertAllocations(tx, companyId, r.source, [r.a], true);
    await settlePlan(tx, companyId, userId, locked, plan, 'UPDATE', {
      customerId,
      appliedCredit: money(sumCents(plan)),
    });
    return {
      allocations: plan.map((a) => ({
        invoice_id: a.invoice_id,
        number_label: displayNumber(locked.get(a.invoice_id) as InvoiceRow, numbering),
        amount: a.amount,
      })),
      on_account: money(credit - sumCents(plan)),
    };
  });
}

/** GET /customer/{id}/payment: the customer's payments, newest first, with their allocations. */
export async function customerPayments(db: DbOrTx, companyId: number, customerId: number, onlyId?: number) {
  const numbering = await customerNumberingOn(db, companyId);
  const list = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.company_id, companyId),
        eq(payments.customer_id, customerId),
        onlyId ? eq(payments.id, onlyId) : undefined,
      ),
    )
    .orderBy(desc(payments.received_at), desc(payments.id))
    .limit(500);
  const allocs = list.length
    ? await db
        .select({
          a: paymentAllocations,
          number: invoices.number,
          beer: invoices.beer,
          customer_id: invoices.customer_id,
        })
        .from(paymentAllocations)
        .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoice_id))
        .where(
          inArray(
            paymentAllocations.payment_id,
            list.map((p) => p.id),
          ),
        )
        .orderBy(asc(paymentAllocations.id))
    : [];
  return list.map((p) => {
    const mine = allocs.filter((r) => r.a.payment_id === p.id);
    const allocated = mine.reduce((s, r) => s + toCents(r.a.amount), 0);
    return {
      id: p.id,
      customer_id: p.customer_id,
      amount: Number(p.amount),
      method: p.method,
      reference: p.reference,
      paid_at: p.received_at,
      note: p.note,
      allocated: money(allocated),
      on_account: money(toCents(p.amount) - allocated),
      allocations: mine.map((r) => ({
        invoice_id: r.a.invoice_id,
        number_label: displayNumber(r, numbering),
        amount: Number(r.a.amount),
      })),
      created_at: p.created_at,
    };
  });
}

/** DELETE /customer/{id}/payment/{paymentId} (owner only, checked by the route). */
export async function deleteCustomerPayment(
  db: Db,
  companyId: number,
  userId: number,
  customerId: number,
  paymentId: number,
) {
  await findCustomer(db, companyId, customerId, { withDeleted: true });
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.customer_id, customerId), eq(payments.company_id, companyId)));
    if (!p) throw notFound(RECEIVABLES_MSG.paymentNotFound);
    const { settled } = await removePayment(tx, companyId, userId, paymentId);
    return { success: true, id: paymentId, invoices: [...settled.keys()] };
  });
}
