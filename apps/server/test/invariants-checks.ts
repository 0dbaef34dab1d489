/**
 * What must hold after every step of a sequence (the (1)-(8), listed in the README), read
 * through the API where it shows it and through SQL on the test database otherwise
 * (invariants-sql.ts). Money is compared in cents. An answer is read again only when the rows
 * behind it changed (a fingerprint of them): the same rows give the same answer.
 */
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { sql } from 'drizzle-orm';
import { InvariantError, type Model, type World, cents, read, rows } from './invariants-world.js';
import { SQL_INVARIANTS, brokenSql, customerMoneySql, stampLedgerSql } from './invariants-sql.js';

/**
 * INVARIANTS_COLLECT=1: a broken invariant is noted (the first message of each kind) instead of
 * failing, so one run lists every kind that breaks.
 */
export const collected = new Map<string, string>();
function fail(what: string, msg: string): void {
  if (!process.env.INVARIANTS_COLLECT) throw new InvariantError(msg);
  const kind = what.replace(/(customer|invoice|roll) [^ :]+/g, '$1 N').replace(/\/\d+/g, '/N');
  if (!collected.has(kind)) collected.set(kind, `${msg}\n    (at: ${ctxOf()})`);
}
let ctxOf = () => '';
function same(what: string, actual: unknown, expected: unknown) {
  if (actual !== expected) fail(what, `${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

/** The SQL-only invariants, in one round trip. */
async function sqlHolds(w: World) {
  const list = SQL_INVARIANTS(w.companyId);
  for (const b of await rows<{ check: number; rows: unknown[] }>(w, brokenSql(w.companyId))) {
    const [what] = list[b.check];
    fail(what, `${what}: broken by ${JSON.stringify(b.rows.map((r) => Object.values(r as object)[0]))}`);
  }
}

/** (1) rolls reconcile as the API shows them; (8) the stamp transaction record adds up. */
async function stampAnswersHold(w: World) {
  const ledger = await rows<{ roll_id: number; available: number; invoiced: number; destroyed: number; log: string }>(
    w,
    stampLedgerSql(w.companyId),
  );
  const fp = JSON.stringify(ledger);
  if (fp === w.seen.stamps) return;
  w.seen.stamps = fp;
  const rec = await read<{ rows: any[]; balanced: boolean }>(w, '/stamp/roll/reconciliation');
  same('(1) GET /stamp/roll/reconciliation: balanced', rec.balanced, true);
  for (const r of rec.rows) {
    const l = ledger.find((x) => x.roll_id === r.roll_id);
    const roll = `(1) roll ${r.prefix}${r.from}`;
    same(`${roll}: affixed + destroyed + on hand = size (difference)`, r.difference, 0);
    same(`${roll}: on hand = stamps AVAILABLE`, r.on_hand, l?.available);
    same(`${roll}: affixed = stamps INVOICED`, r.affixed, l?.invoiced);
    same(`${roll}: destroyed = stamps DESTROYED`, r.destroyed_total, l?.destroyed);
  }
  const available = ledger.reduce((s, l) => s + l.available, 0);
  const today = todayInTexas();
  const record = await read(w, '/stamp/record', { from: addDays(today, -7), to: today });
  let flow = 0;
  for (const e of record.entries) flow += e.received - e.affixed + e.returned - e.removed;
  same('(8) stamp record: opening on hand (every roll was received today)', record.opening_on_hand, 0);
  same(
    '(8) stamp record: closing on hand = received - invoiced (net of returns) - destroyed',
    record.closing_on_hand,
    record.opening_on_hand + flow,
  );
  same('(8) stamp record: closing on hand = stamps AVAILABLE in the ledger', record.closing_on_hand, available);
}

interface InvoiceMoney {
  id: number;
  customer_id: number;
  status: string;
  total: string;
  paid_total: string;
  fp: string;
}

/** (4) the invoice the step touched last, as its detail shows it. */
async function lastInvoiceHolds(w: World, invoices: readonly InvoiceMoney[]) {
  const last = invoices[0];
  if (!last || last.fp === w.seen.invoice) return;
  w.seen.invoice = last.fp;
  const d = await read(w, `/invoice/${last.id}?by=id`);
  same(`(4) GET /invoice/${last.id}: paid_total`, cents(d.paid_total), cents(last.paid_total));
  same(
    `(4) GET /invoice/${last.id}: balance = total - paid (payments and credit memos)`,
    cents(d.balance),
    cents(last.total) - cents(last.paid_total),
  );
}

/** (5) and (7) through the customer's own answers: receivable, balance, statement. */
async function customerAnswersHold(w: World, id: number, open: number) {
  const today = todayInTexas();
  const who = `customer ${id}`;
  const rec = await read(w, `/customer/${id}/receivable`);
  same(
    `(5) ${who}: open total = its issued invoices' total - paid (by money, not status)`,
    cents(rec.open_total),
    open,
  );
  same(`(5) ${who}: balance = open invoices - on-account credit`, cents(rec.balance), open - cents(rec.on_account));
  const bal = await read(w, `/customer/${id}/balance`);
  same(`(5) ${who}: GET /customer/{id}/balance owing = open invoices`, cents(bal.summary.owing), open);
  const st = await read(w, `/customer/${id}/statement`, { from: addDays(today, -30), to: today });
  const charges = st.lines.reduce((s: number, l: { charge: number }) => s + cents(l.charge), 0);
  const credits = st.lines.reduce((s: number, l: { credit: number }) => s + cents(l.credit), 0);
  same(
    `(7) ${who}: statement closing = opening + invoices - payments - credits`,
    cents(st.closing_balance),
    cents(st.opening_balance) + charges - credits,
  );
  if (st.lines.length)
    same(
      `(7) ${who}: statement's last running balance = closing`,
      cents(st.lines.at(-1).balance),
      cents(st.closing_balance),
    );
  same(`(7) ${who}: statement closing = receivable balance`, cents(st.closing_balance), cents(rec.balance));
  same(
    `(7) ${who}: statement on-account credit = receivable on-account`,
    cents(st.on_account_credit),
    cents(rec.on_account),
  );
  return { balance: cents(rec.balance), onAccount: cents(rec.on_account) };
}

/** (3), (5), (7) per customer and in total. */
async function customersHold(w: World, invoices: readonly InvoiceMoney[]) {
  const customers = await rows<{ id: number; received: string; allocated: string; fp: string }>(
    w,
    customerMoneySql(w.companyId),
  );
  const fp = customers.map((c) => c.fp).join();
  if (fp === w.seen.money) return;
  w.seen.money = fp;
  const aging = await read(w, '/report/aging');
  const sum = { open: 0, balance: 0, credit: 0, received: 0, allocated: 0 };
  for (const cu of customers) {
    const who = `customer ${cu.id}`;
    const open = invoices
      .filter((i) => i.customer_id === cu.id && i.status !== 'draft' && i.status !== 'cancelled')
      .reduce((s, i) => s + Math.max(cents(i.total) - cents(i.paid_total), 0), 0);
    const row = aging.rows.find((r: { customer_id: number }) => r.customer_id === cu.id);
    same(`(5) ${who}: aging row total = open invoices`, cents(row?.total ?? 0), open);
    let seen = w.seen.customers.get(cu.id);
    if (seen?.fp !== cu.fp) {
      seen = { ...(await customerAnswersHold(w, cu.id, open)), fp: cu.fp };
      w.seen.customers.set(cu.id, seen);
    }
    same(
      `(3) ${who}: money received (payments + credit memos) = allocated to invoices + on-account credit`,
      cents(cu.received),
      cents(cu.allocated) + seen.onAccount,
    );
    sum.open += open;
    sum.balance += seen.balance;
    sum.credit += seen.onAccount;
    sum.received += cents(cu.received);
    sum.allocated += cents(cu.allocated);
  }
  same('(5) aging total = sum of open invoices', cents(aging.totals.total), sum.open);
  same('(5) aging total - on-account credit = sum of balances', cents(aging.totals.total) - sum.credit, sum.balance);
  const [all] = await rows<{ received: string; allocated: string }>(
    w,
    sql`select coalesce((select sum(amount) from payments where company_id = ${w.companyId}), 0)
             + coalesce((select sum(total) from credit_memos where company_id = ${w.companyId}), 0) as received,
           coalesce((select sum(amount) from payment_allocations where company_id = ${w.companyId}), 0) as allocated`,
  );
  same('(3) in total: money received = sum over customers', cents(all.received), sum.received);
  same('(3) in total: allocated = sum over customers', cents(all.allocated), sum.allocated);
  same('(3) in total: money received = allocated + on-account credit', cents(all.received), sum.allocated + sum.credit);
}

/**
 * (3) money received is what the API was told: the company's payments are exactly those the API
 * accepted, each of the amount sent (an overpayment's excess kept, an edit or delete applied
 * once). The other checks compare the stored records with each other; this one compares them
 * with the calls.
 */
async function receivedHolds(w: World, m: Model) {
  const stored = await rows<{ id: number; amount: string }>(
    w,
    sql`select id, amount from payments where company_id = ${w.companyId} order by id`,
  );
  const asStored = Object.fromEntries(stored.map((p) => [p.id, cents(p.amount)]));
  const asSent = Object.fromEntries([...m.received].sort(([a], [b]) => a - b));
  same(
    '(3) payments stored = payments the API accepted, each of the amount sent ({id: cents})',
    JSON.stringify(asStored),
    JSON.stringify(asSent),
  );
}

export async function checkInvariants(w: World, m: Model) {
  ctxOf = () => `${w.step}, after ${w.calls.length} calls`;
  await sqlHolds(w);
  await receivedHolds(w, m);
  await stampAnswersHold(w);
  const invoices = await rows<InvoiceMoney>(
    w,
    sql`select i.id, i.customer_id, i.status, i.total, i.paid_total, md5(i::text) as fp
        from invoices i where i.company_id = ${w.companyId} order by i.updated_at desc, i.id desc`,
  );
  await lastInvoiceHolds(w, invoices);
  await customersHold(w, invoices);
}
