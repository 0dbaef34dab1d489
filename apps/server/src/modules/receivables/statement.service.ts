/**
 * The customer statement of a period: opening balance, every invoice, payment and credit memo in
 * date order with the running balance, the closing balance and the aging of what remains. The
 * balance is the ledger: invoices issued (not drafts, not cancelled) less payments received and
 * credit memos issued, so a payment's on-account part lowers it too.
 */
import { centsToString, toCents } from '@dbo/domain/money';
import { formatDate } from '@dbo/domain/dates';
import { displayNumber } from '@dbo/domain/invoice';
import {
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  type Statement,
  type StatementLine,
  creditMemoNumber,
} from '@dbo/domain/receivables';
import { and, eq, gte, lt, lte, notInArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { findCustomer } from '../customers/customers.service.js';
import { customerNumberingOn } from '../invoices/invoice-lookup.service.js';
import { invoices } from '../invoices/invoices.tables.js';
import { creditMemos, payments } from '../payments/payments.tables.js';
import { agingReport } from './aging.service.js';
import { addressCard } from '../../lib/address.js';

const NOT_OWED = ['draft', 'cancelled'];
const money = (c: number) => Number(centsToString(c));

export async function customerStatement(
  db: DbOrTx,
  companyId: number,
  customerId: number,
  from: string,
  to: string,
): Promise<Statement> {
  const c = await findCustomer(db, companyId, customerId, { withDeleted: true });
  const numbering = await customerNumberingOn(db, companyId);
  const invWhere = and(
    eq(invoices.company_id, companyId),
    eq(invoices.customer_id, customerId),
    notInArray(invoices.status, NOT_OWED),
  );
  const payWhere = and(eq(payments.company_id, companyId), eq(payments.customer_id, customerId));
  const memoWhere = and(eq(creditMemos.company_id, companyId), eq(creditMemos.customer_id, customerId));
  const sum = async (q: Promise<{ s: string | null }[]>) => toCents((await q)[0]?.s ?? '0');
  const opening =
    (await sum(
      db
        .select({ s: sql<string>`sum(${invoices.total})` })
        .from(invoices)
        .where(and(invWhere, lt(invoices.invoiced_at, from))),
    )) -
    (await sum(
      db
        .select({ s: sql<string>`sum(${payments.amount})` })
        .from(payments)
        .where(and(payWhere, lt(payments.received_at, from))),
    )) -
    (await sum(
      db
        .select({ s: sql<string>`sum(${creditMemos.total})` })
        .from(creditMemos)
        .where(and(memoWhere, lt(creditMemos.issued_at, from))),
    ));

  const invs = await db
    .select()
    .from(invoices)
    .where(and(invWhere, gte(invoices.invoiced_at, from), lte(invoices.invoiced_at, to)));
  const pays = await db
    .select()
    .from(payments)
    .where(and(payWhere, gte(payments.received_at, from), lte(payments.received_at, to)));
  const memos = await db
    .select()
    .from(creditMemos)
    .where(and(memoWhere, gte(creditMemos.issued_at, from), lte(creditMemos.issued_at, to)));

  type Entry = Omit<StatementLine, 'balance'> & { cents: number; order: number };
  const entries: Entry[] = [
    ...invs.map((i) => ({
      date: i.invoiced_at,
      kind: 'invoice' as const,
      id: i.id,
      ref: `#${displayNumber(i, numbering)}`,
      description: i.due_at ? `Invoice, due ${formatDate(i.due_at)}` : 'Invoice',
      charge: Number(i.total),
      credit: 0,
      cents: toCents(i.total),
      order: 0,
    })),
    ...pays.map((p) => ({
      date: p.received_at,
      kind: 'payment' as const,
      id: p.id,
      // a payment taken on the invoice has only a note ('Check #4471'): it names the payment too
      ref: p.reference || p.note || `Payment ${p.id}`,
      description: `Payment${p.method ? ` (${PAYMENT_METHOD_LABELS[p.method as PaymentMethod] ?? p.method})` : ''}`,
      charge: 0,
      credit: Number(p.amount),
      cents: -toCents(p.amount),
      order: 1,
    })),
    ...memos.map((m) => ({
      date: m.issued_at,
      kind: 'credit_memo' as const,
      id: m.id,
      ref: creditMemoNumber(m.number),
      description: `Credit memo: ${m.reason}`.slice(0, 200),
      charge: 0,
      credit: Number(m.total),
      cents: -toCents(m.total),
      order: 2,
    })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order || a.id - b.id));

  let running = opening;
  const lines = entries.map(({ cents, order: _order, ...e }) => {
    running += cents;
    return { ...e, balance: money(running) };
  });
  const aging = await agingReport(db, companyId, to, customerId);
  const { invoices: _n, ...buckets } = aging.totals;
  return {
    on_account_credit: money(await creditOnAccount(db, companyId, customerId, to)),
    customer: addressCard(c),
    from,
    to,
    opening_balance: money(opening),
    lines,
    closing_balance: money(running),
    aging: buckets,
  };
}

/**
 * The customer's credit on account at the end of a day: payments received and memos issued by
 * then, less what of them went to invoices the aging counts (issued by then, not a draft, not
 * cancelled). An allocation counts from its payment's or memo's date, as in the aging.
 */
async function creditOnAccount(db: DbOrTx, companyId: number, customerId: number, asOf: string) {
  const res = await db.execute(sql`
    select
      (select coalesce(sum(amount), 0) from payments
        where company_id = ${companyId} and customer_id = ${customerId} and received_at <= ${asOf}::date)
    + (select coalesce(sum(total), 0) from credit_memos
        where company_id = ${companyId} and customer_id = ${customerId} and issued_at <= ${asOf}::date)
    - (select coalesce(sum(a.amount), 0)
         from payment_allocations a
         join invoices i on i.id = a.invoice_id
         left join payments p on p.id = a.payment_id
         left join credit_memos m on m.id = a.credit_memo_id
        where a.company_id = ${companyId} and i.customer_id = ${customerId}
          and i.status not in ('draft', 'cancelled') and i.invoiced_at <= ${asOf}::date
          and coalesce(p.received_at, m.issued_at) <= ${asOf}::date) as credit
  `);
  return toCents(String(rowsOf<{ credit: string }>(res)[0]?.credit ?? '0'));
}
