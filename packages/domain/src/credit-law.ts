/**
 * Texas credit law (Alcoholic Beverage Code §102.31, §102.32): due dates of liquor and wine sold on
 * credit, business days and delinquency. Pure functions on calendar days (YYYY-MM-DD, Texas time).
 *
 * Decisions (also in the report):
 * - A credit-law invoice is any issued invoice (not draft, not cancelled) that is not a beer
 *   invoice and still has something owing; its due date is the one stored on it (staff may have
 *   changed the default). Invoices without a due date are never delinquent.
 * - Delinquent = still unpaid on the 4th business day after the due date, i.e. from that day on.
 * - Business days: every day but Sundays and the holidays of the company's list (Saturdays count).
 * - Texas does not move a holiday that falls on a weekend (Gov. Code §662.003), so none is moved.
 * - Beer, and customers on cash on delivery: the default due date is the day after the invoice
 *   date, which the app shows as 'Due on delivery'.
 */
import { z } from 'zod';
import { addDays, todayInTexas } from './dates.js';
import { boundedText, calendarDay, reportFormatQuery } from './primitives.js';

export const CREDIT_LAW_MSG = {
  delinquent: (numbers: string[], amount: string) =>
    `This customer is delinquent under the Texas credit law (unpaid invoices ${numbers.join(', ')}, ${amount} owing): liquor and wine cannot be sold to them until they pay`,
  tabcDelinquent: (date: string) =>
    `This customer is on the TABC delinquent list since ${date}: liquor and wine cannot be sold to them`,
  holidayDuplicate: 'Each holiday date can only be listed once',
  holidaysTooMany: 'At most 200 holidays can be listed',
} as const;

/** The number of business days after the due date on which an unpaid account becomes delinquent. */
export const DELINQUENT_AFTER_BUSINESS_DAYS = 4;
/** The dashboard lists accounts that become delinquent within this many days. */
export const DELINQUENT_SOON_DAYS = 5;

export type DueRule = 'credit_1_15' | 'credit_16_end' | 'beer' | 'cash_on_delivery';

export const DUE_RULE_LABELS: Record<DueRule, string> = {
  credit_1_15: 'Credit law: bought the 1st–15th, due the 25th',
  credit_16_end: 'Credit law: bought the 16th–end of month, due the 10th of next month',
  beer: 'Beer: cash on or before delivery',
  cash_on_delivery: 'Customer on cash on delivery',
};

const pad = (n: number) => String(n).padStart(2, '0');
const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** The credit-law due date of liquor or wine bought on `invoiceDay`. */
export function creditLawDueDate(invoiceDay: string): string {
  const [y, m, d] = parts(invoiceDay);
  if (d <= 15) return `${y}-${pad(m)}-25`;
  return m === 12 ? `${y + 1}-01-10` : `${y}-${pad(m + 1)}-10`;
}

/** The default due date of an invoice, and the rule that gave it. */
export function defaultDueDate(opts: { invoiceDay: string; beer: boolean; cashOnDelivery: boolean }): {
  due_at: string;
  rule: DueRule;
  label: string;
} {
  const { invoiceDay } = opts;
  let rule: DueRule;
  if (opts.beer) rule = 'beer';
  else if (opts.cashOnDelivery) rule = 'cash_on_delivery';
  else rule = parts(invoiceDay)[2] <= 15 ? 'credit_1_15' : 'credit_16_end';
  const due_at = rule === 'beer' || rule === 'cash_on_delivery' ? addDays(invoiceDay, 1) : creditLawDueDate(invoiceDay);
  return { due_at, rule, label: DUE_RULE_LABELS[rule] };
}

// ---- holidays --------------------------------------------------------------------------------------

export interface Holiday {
  date: string;
  name: string;
}

/** Day of the week (0 = Sunday) of a calendar day. */
export const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The n-th (1-based) given weekday of a month; n = -1 is the last one. */
function nthWeekday(year: number, month: number, dow: number, n: number): string {
  if (n > 0) {
    const first = `${year}-${pad(month)}-01`;
    const offset = (dow - weekday(first) + 7) % 7;
    return addDays(first, offset + (n - 1) * 7);
  }
  const last = addDays(month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`, -1);
  return addDays(last, -((weekday(last) - dow + 7) % 7));
}

/**
 * The Texas state holidays of a year (Government Code §662.003(a) national and (b) state holidays;
 * optional holidays are left out). The seed of a company's holiday list.
 */
export function texasStateHolidays(year: number): Holiday[] {
  const d = (m: number, day: number) => `${year}-${pad(m)}-${pad(day)}`;
  return [
    { date: d(1, 1), name: "New Year's Day" },
    { date: nthWeekday(year, 1, 1, 3), name: 'Martin Luther King, Jr. Day' },
    { date: d(1, 19), name: 'Confederate Heroes Day' },
    { date: nthWeekday(year, 2, 1, 3), name: "Presidents' Day" },
    { date: d(3, 2), name: 'Texas Independence Day' },
    { date: d(4, 21), name: 'San Jacinto Day' },
    { date: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' },
    { date: d(6, 19), name: 'Emancipation Day' },
    { date: d(7, 4), name: 'Independence Day' },
    { date: d(8, 27), name: 'Lyndon Baines Johnson Day' },
    { date: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { date: d(11, 11), name: 'Veterans Day' },
    { date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    { date: d(12, 25), name: 'Christmas Day' },
  ].sort((a, b) => a.date.localeCompare(b.date));
}

/** Texas holidays of every year from `fromYear` to `toYear`. */
export function texasHolidaysBetween(fromYear: number, toYear: number): Holiday[] {
  const out: Holiday[] = [];
  for (let y = fromYear; y <= toYear; y++) out.push(...texasStateHolidays(y));
  return out;
}

export type HolidaySet = ReadonlySet<string>;
export const holidaySet = (list: readonly (Holiday | string)[]): HolidaySet =>
  new Set(list.map((h) => (typeof h === 'string' ? h : h.date)));

// ---- business days and delinquency --------------------------------------------------------------------

/** Sundays and legal holidays are not business days. */
export function isBusinessDay(day: string, holidays: HolidaySet): boolean {
  return weekday(day) !== 0 && !holidays.has(day);
}

/** The n-th business day after `day` (n >= 1; `day` itself never counts). */
export function addBusinessDays(day: string, n: number, holidays: HolidaySet): string {
  let d = day;
  let left = n;
  while (left > 0) {
    d = addDays(d, 1);
    if (isBusinessDay(d, holidays)) left--;
  }
  return d;
}

/** The day from which an invoice due on `dueDay` and still unpaid makes the account delinquent. */
export function delinquentFrom(dueDay: string, holidays: HolidaySet): string {
  return addBusinessDays(dueDay, DELINQUENT_AFTER_BUSINESS_DAYS, holidays);
}

/**
 * The latest due date that is delinquent on `day`: an unpaid invoice is delinquent that day exactly
 * when its due date is on or before this cutoff (delinquentFrom never goes backwards, so a plain
 * `due_at <= cutoff` in SQL answers it).
 */
export function delinquencyCutoff(day: string, holidays: HolidaySet): string {
  let d = day;
  let found = isBusinessDay(d, holidays) ? 1 : 0;
  while (found < DELINQUENT_AFTER_BUSINESS_DAYS) {
    d = addDays(d, -1);
    if (isBusinessDay(d, holidays)) found++;
  }
  return addDays(d, -1);
}

/** True when an invoice due on `dueDay` and unpaid at `now` makes its account delinquent (Texas time). */
export function isDelinquent(dueDay: string, holidays: HolidaySet, now: Date = new Date()): boolean {
  return delinquentFrom(dueDay, holidays) <= todayInTexas(now);
}

/** The years whose holidays matter around a day (for the cutoffs of the next weeks and the last months). */
export function yearsAround(day: string): [number, number] {
  const y = parts(day)[0];
  return [y - 1, y + 1];
}

// ---- schemas ------------------------------------------------------------------------------------------

export const holidayIn = z.object({ date: calendarDay('Holiday date'), name: boundedText('Holiday name').trim() });
export const holidaysRequest = z.object({
  holidays: z
    .array(holidayIn)
    .max(200, CREDIT_LAW_MSG.holidaysTooMany)
    .refine((l) => new Set(l.map((h) => h.date)).size === l.length, CREDIT_LAW_MSG.holidayDuplicate)
    /** null goes back to the Texas state holidays */
    .nullable(),
});
/** null = the Texas state holidays (the seed) */
export const holidaysOut = z.object({
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  seeded: z.boolean(),
});

/** One unpaid credit-law invoice of an account. */
export const delinquentInvoiceOut = z.object({
  id: z.number(),
  number: z.number(),
  display_number: z.string(),
  invoiced_at: z.string(),
  due_at: z.string(),
  /** the day the account is (or becomes) delinquent because of this invoice */
  delinquent_from: z.string(),
  total: z.number(),
  owing: z.number(),
});
export type DelinquentInvoice = z.infer<typeof delinquentInvoiceOut>;

/** An account in the report or the dashboard widget. */
export const delinquentAccountOut = z.object({
  customer_id: z.number(),
  /** TABC permit */
  permit: z.string(),
  trade_name: z.string(),
  city: z.string(),
  /** the earliest day the account is (or becomes) delinquent */
  delinquent_from: z.string(),
  amount: z.number(),
  invoices: z.array(delinquentInvoiceOut),
});
export type DelinquentAccount = z.infer<typeof delinquentAccountOut>;

export const delinquentReportQuery = z.object({
  format: reportFormatQuery,
});
export const delinquentReportOut = z.object({ rows: z.array(delinquentAccountOut) });

/** Dashboard: delinquent accounts now, and those that become delinquent within DELINQUENT_SOON_DAYS. */
export const delinquencySummaryOut = z.object({
  today: z.string(),
  delinquent: z.object({ count: z.number(), amount: z.number(), rows: z.array(delinquentAccountOut) }),
  soon: z.object({ days: z.number(), count: z.number(), amount: z.number(), rows: z.array(delinquentAccountOut) }),
});

/** One customer's standing under the credit law (builder warning, customer page). */
export const customerDelinquencyOut = z.object({
  customer_id: z.number(),
  /** delinquent with us: unpaid credit-law invoices past the 4th business day after their due date */
  delinquent: z.boolean(),
  amount: z.number(),
  invoices: z.array(delinquentInvoiceOut),
  /** on the imported TABC delinquent list since that day (null: not listed) */
  tabc_delinquent_since: z.string().nullable(),
  /** liquor and wine cannot be sold (either reason) */
  blocked: z.boolean(),
  /** why, as the server's refusal says it (null when not blocked) */
  reason: z.string().nullable(),
});
export type CustomerDelinquency = z.infer<typeof customerDelinquencyOut>;
