/**
 * Texas credit law (issue 16): which accounts are delinquent with the company, which become so in
 * the next days, the TABC delinquent list, the company's holiday list, and the refusal of a liquor
 * or wine sale to a delinquent customer. The rules are the domain's (credit-law.ts); the SQL only
 * compares due dates with the cutoff the domain computes, so it stays index-backed.
 *
 * Decisions (also in the report):
 * - Delinquency counts the customer's issued (not draft, paid or cancelled), non-beer invoices that
 *   still owe something and have a due date; the due date is the stored one.
 * - The report lists the accounts delinquent with us (the TABC list is TABC's own report); a
 *   customer removed from the customer list still appears while they owe.
 * - Only new invoices are refused; editing an existing invoice of a delinquent customer is allowed
 *   (correcting a sale already made is not a new sale).
 */
import {
  CREDIT_LAW_MSG,
  type CustomerDelinquency,
  DELINQUENT_SOON_DAYS,
  type DelinquentAccount,
  type Holiday,
  type HolidaySet,
  delinquencyCutoff,
  delinquentFrom,
  holidaySet,
  texasHolidaysBetween,
  yearsAround,
} from '@dbo/domain/credit-law';
import { normalizeTabcId } from '@dbo/domain/customer';
import { addDays, formatDate, todayInTexas } from '@dbo/domain/dates';
import { displayNumber } from '@dbo/domain/invoice';
import { centsToString, formatMoney, toCents } from '@dbo/domain/money';
import { and, asc, eq, gt, inArray, isNotNull, lte, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { activeFeatureNames, setHolidays } from '../company/company.service.js';
import { companies } from '../company/company.tables.js';
import { stillOwed } from './customer-balance.service.js';
import { invoices } from './invoices.tables.js';
import { customers, delinquents } from '../customers/customers.tables.js';

// ---- holidays ----------------------------------------------------------------------------------

/** The company's holiday list; without one of its own, the Texas state holidays around today. */
export async function companyHolidays(
  db: DbOrTx,
  companyId: number,
): Promise<{ holidays: Holiday[]; seeded: boolean }> {
  const [c] = await db.select({ holidays: companies.holidays }).from(companies).where(eq(companies.id, companyId));
  if (!c) throw notFound('Company not found');
  return holidaysFrom(c.holidays);
}

/** The holiday list of a company row already read. */
function holidaysFrom(own: Holiday[] | null): { holidays: Holiday[]; seeded: boolean } {
  if (own) return { holidays: own, seeded: false };
  const [from, to] = yearsAround(todayInTexas());
  return { holidays: texasHolidaysBetween(from, to), seeded: true };
}

/** Replaces the company's holiday list (an empty list: Sundays only); null goes back to the seed. */
export async function setCompanyHolidays(db: DbOrTx, companyId: number, list: Holiday[] | null) {
  const sorted = list ? [...list].sort((a, b) => a.date.localeCompare(b.date)) : null;
  await setHolidays(db, companyId, sorted);
  return companyHolidays(db, companyId);
}

async function holidaysOf(db: DbOrTx, companyId: number): Promise<HolidaySet> {
  return holidaySet((await companyHolidays(db, companyId)).holidays);
}

// ---- unpaid credit-law invoices ---------------------------------------------------------------------

interface Window {
  /** due on or before */
  upTo: string;
  /** and after (the 'soon' window) */
  after?: string;
  customerIds?: number[];
}

async function unpaidCreditInvoices(db: DbOrTx, companyId: number, w: Window) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      beer: invoices.beer,
      customer_id: invoices.customer_id,
      invoiced_at: invoices.invoiced_at,
      due_at: invoices.due_at,
      total: invoices.total,
      paid_total: invoices.paid_total,
      name: customers.name,
      tabc_id: customers.tabc_id,
      city: customers.city,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .where(
      and(
        eq(invoices.company_id, companyId),
        eq(invoices.beer, false),
        stillOwed(),
        isNotNull(invoices.due_at),
        lte(invoices.due_at, w.upTo),
        w.after ? gt(invoices.due_at, w.after) : undefined,
        w.customerIds ? inArray(invoices.customer_id, w.customerIds) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${customers.name})`), asc(invoices.customer_id), asc(invoices.due_at), asc(invoices.id));
}

type InvoiceRow = Awaited<ReturnType<typeof unpaidCreditInvoices>>[number];

/** Groups invoice rows into accounts (in the rows' order). */
function toAccounts(rows: InvoiceRow[], holidays: HolidaySet, numbering: boolean): DelinquentAccount[] {
  const byCustomer = new Map<number, DelinquentAccount & { cents: number }>();
  for (const r of rows) {
    const due = r.due_at as string;
    const owing = toCents(r.total) - toCents(r.paid_total);
    const from = delinquentFrom(due, holidays);
    let a = byCustomer.get(r.customer_id);
    if (!a) {
      a = {
        customer_id: r.customer_id,
        permit: normalizeTabcId(r.tabc_id),
        trade_name: r.name,
        city: r.city,
        delinquent_from: from,
        amount: 0,
        cents: 0,
        invoices: [],
      };
      byCustomer.set(r.customer_id, a);
    }
    a.cents += owing;
    if (from < a.delinquent_from) a.delinquent_from = from;
    a.invoices.push({
      id: r.id,
      number: r.number,
      display_number: displayNumber({ number: r.number, beer: r.beer, customer_id: r.customer_id }, numbering),
      invoiced_at: r.invoiced_at,
      due_at: due,
      delinquent_from: from,
      total: Number(r.total),
      owing: Number(centsToString(owing)),
    });
  }
  return [...byCustomer.values()].map(({ cents, ...a }) => ({ ...a, amount: Number(centsToString(cents)) }));
}

export const sumAmounts = (rows: DelinquentAccount[]) =>
  Number(centsToString(rows.reduce((s, r) => s + toCents(String(r.amount)), 0)));

async function numberingOn(db: DbOrTx, companyId: number) {
  return (await activeFeatureNames(db, companyId)).has('customer_invoice_numbering');
}

/** The accounts delinquent today (Texas time), with their delinquent invoices. */
export async function delinquentAccounts(db: DbOrTx, companyId: number, today = todayInTexas()) {
  const holidays = await holidaysOf(db, companyId);
  const rows = await unpaidCreditInvoices(db, companyId, { upTo: delinquencyCutoff(today, holidays) });
  return toAccounts(rows, holidays, await numberingOn(db, companyId));
}

/** Dashboard: delinquent now, and becoming delinquent within the next DELINQUENT_SOON_DAYS days. */
export async function delinquencySummary(db: DbOrTx, companyId: number, today = todayInTexas()) {
  const holidays = await holidaysOf(db, companyId);
  const numbering = await numberingOn(db, companyId);
  const now = delinquencyCutoff(today, holidays);
  const later = delinquencyCutoff(addDays(today, DELINQUENT_SOON_DAYS), holidays);
  const current = toAccounts(await unpaidCreditInvoices(db, companyId, { upTo: now }), holidays, numbering);
  const soon = toAccounts(await unpaidCreditInvoices(db, companyId, { upTo: later, after: now }), holidays, numbering)
    // already delinquent accounts are listed above; their other invoices stay on their row there
    .filter((a) => !current.some((c) => c.customer_id === a.customer_id))
    .sort((a, b) => a.delinquent_from.localeCompare(b.delinquent_from) || a.trade_name.localeCompare(b.trade_name));
  return {
    today,
    delinquent: { count: current.length, amount: sumAmounts(current), rows: current },
    soon: { days: DELINQUENT_SOON_DAYS, count: soon.length, amount: sumAmounts(soon), rows: soon },
  };
}

/** The day a permit is on the imported TABC delinquent list since (null: not listed today). */
async function tabcListedSince(db: DbOrTx, tabcId: string, today: string): Promise<string | null> {
  const [r] = await db
    .select({ since: max(delinquents.effective_date) })
    .from(delinquents)
    .where(and(eq(delinquents.tabc_id, normalizeTabcId(tabcId)), lte(delinquents.effective_date, today)));
  return r?.since ?? null;
}

/** One customer's standing (another company's customer is a 404). */
export async function customerDelinquency(
  db: DbOrTx,
  companyId: number,
  customerId: number,
  today = todayInTexas(),
): Promise<CustomerDelinquency> {
  const [c] = await db
    .select({ id: customers.id, tabc_id: customers.tabc_id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.company_id, companyId)));
  if (!c) throw notFound('Customer not found');
  const known = {
    holidays: (await companyHolidays(db, companyId)).holidays,
    numbering: await numberingOn(db, companyId),
  };
  return delinquencyOf(db, companyId, c, known, today);
}

/** What the company and customer rows already read tell: their holidays, and whether invoices number per customer. */
interface Known {
  holidays: Holiday[];
  numbering: boolean;
}

async function delinquencyOf(
  db: DbOrTx,
  companyId: number,
  c: { id: number; tabc_id: string },
  known: Known,
  today: string,
): Promise<CustomerDelinquency> {
  const holidays = holidaySet(known.holidays);
  const rows = await unpaidCreditInvoices(db, companyId, {
    upTo: delinquencyCutoff(today, holidays),
    customerIds: [c.id],
  });
  const [account] = toAccounts(rows, holidays, known.numbering);
  const since = await tabcListedSince(db, c.tabc_id, today);
  const reason = account
    ? CREDIT_LAW_MSG.delinquent(
        account.invoices.map((i) => i.display_number),
        formatMoney(account.amount),
      )
    : since
      ? CREDIT_LAW_MSG.tabcDelinquent(formatDate(since))
      : null;
  return {
    customer_id: c.id,
    delinquent: !!account,
    amount: account?.amount ?? 0,
    invoices: account?.invoices ?? [],
    tabc_delinquent_since: since,
    blocked: !!reason,
    reason,
  };
}

/** Refuses a new liquor or wine sale to a customer delinquent with us or on the TABC list (400). */
export async function refuseDelinquentSale(
  db: DbOrTx,
  company: { id: number; holidays: Holiday[] | null },
  customer: { id: number; tabc_id: string },
  numbering: boolean,
) {
  const known = { holidays: holidaysFrom(company.holidays).holidays, numbering };
  const d = await delinquencyOf(db, company.id, customer, known, todayInTexas());
  if (d.reason) throw badRequest(d.reason);
}

/** Grid and list flags for a page of customers: delinquent with us, on the TABC list. */
export async function delinquencyFlags(
  db: DbOrTx,
  companyId: number,
  list: readonly { id: number; tabc_id: string }[],
  today = todayInTexas(),
): Promise<Map<number, { delinquent: boolean; tabc_delinquent: boolean }>> {
  const out = new Map(list.map((c) => [c.id, { delinquent: false, tabc_delinquent: false }]));
  if (!list.length) return out;
  const holidays = await holidaysOf(db, companyId);
  const ids = list.map((c) => c.id);
  const late = await db
    .selectDistinct({ customer_id: invoices.customer_id })
    .from(invoices)
    .where(
      and(
        eq(invoices.company_id, companyId),
        inArray(invoices.customer_id, ids),
        eq(invoices.beer, false),
        stillOwed(),
        lte(invoices.due_at, delinquencyCutoff(today, holidays)),
      ),
    );
  for (const r of late) {
    const f = out.get(r.customer_id);
    if (f) f.delinquent = true;
  }
  const permits = [...new Set(list.map((c) => normalizeTabcId(c.tabc_id)).filter(Boolean))];
  if (permits.length) {
    const listed = await db
      .selectDistinct({ tabc_id: delinquents.tabc_id })
      .from(delinquents)
      .where(and(inArray(delinquents.tabc_id, permits), lte(delinquents.effective_date, today)));
    const set = new Set(listed.map((r) => r.tabc_id));
    for (const c of list) {
      const f = out.get(c.id);
      if (f && set.has(normalizeTabcId(c.tabc_id))) f.tabc_delinquent = true;
    }
  }
  return out;
}
