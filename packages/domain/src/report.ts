/**
 * Reports (issue 15): sales by product, customer, product type per month, month; stamps used per
 * month by roll. Plain days (YYYY-MM-DD, Texas), both ends included. Cancelled and draft invoices
 * are left out of every report.
 */
import { z } from 'zod';
import { addDays, todayInTexas } from './dates.js';
import { isCalendarDay, periodQueryShape } from './primitives.js';

export const REPORT_MSG = {
  from: 'From must be a date',
  to: 'To must be a date',
  order: 'From must be before To',
  tooLong: 'The range can be at most 3 years',
  groupBy: 'Group by must be one of product, customer, type, month',
  featureOff: 'Reports are not available',
  statsError: 'Error occurred while getting stats.',
} as const;

/** Longest range a report covers. */
export const REPORT_MAX_YEARS = 3;
/** Products listed one by one in the sales-by-product report; the rest add up to one row. */
export const REPORT_TOP_PRODUCTS = 20;
/** The key of the sales-by-product row that adds up every product past the top 20. */
export const REPORT_REST_KEY = 'rest';

export const SALES_GROUPS = ['product', 'customer', 'type', 'month'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];

/** The same day `years` later (29 Feb -> 28 Feb when the later year has none). */
function yearsLater(day: string, years: number): string {
  const y = Number(day.slice(0, 4)) + years;
  const md = day.slice(5);
  const candidate = `${y}-${md}`;
  return md === '02-29' && new Date(`${candidate}T00:00:00Z`).getUTCMonth() !== 1 ? `${y}-02-28` : candidate;
}

/** The first day of the month 11 months before `today`: with today, the last 12 months. */
export function twelveMonthsBack(today: string = todayInTexas()): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const back = new Date(Date.UTC(y, m - 1 - 11, 1));
  return back.toISOString().slice(0, 10);
}

const rangeQuery = periodQueryShape(REPORT_MSG);

type Range = { from?: string; to?: string };
/** Missing ends: the last 12 months up to today (Texas). */
export function reportRange(q: Range, today: string = todayInTexas()): { from: string; to: string } {
  const to = q.to ?? today;
  const from = q.from ?? twelveMonthsBack(to);
  return { from, to };
}

function checkRange(q: Range, ctx: z.RefinementCtx) {
  // runs even when a field failed its own check: compare only two real days
  if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', message: REPORT_MSG.order, path: ['from'] });
  else if (q.to > addDays(yearsLater(q.from, REPORT_MAX_YEARS), -1))
    ctx.addIssue({ code: 'custom', message: REPORT_MSG.tooLong, path: ['to'] });
}

/** GET /report/sales */
export const salesReportQuery = z
  .object({
    ...rangeQuery,
    groupBy: z.enum(SALES_GROUPS, { error: REPORT_MSG.groupBy }).default('product'),
  })
  .superRefine(checkRange);
export type SalesReportQuery = z.infer<typeof salesReportQuery>;

/** GET /report/stamps */
export const stampsReportQuery = z.object(rangeQuery).superRefine(checkRange);

// ---- answers ------------------------------------------------------------------------------------

/**
 * One row of a sales report. What each field adds up depends on the grouping:
 * - product: units and amount (line totals, before tax) of the product; invoices that carry it;
 * - customer: invoices, units, sub_total, tax_total and amount (invoice totals, tax included), average;
 * - type: one row per month and product type (LIQUOR, WINE, BEER, N/A): units and amount (line totals);
 * - month: one row per month: invoices, units, sub_total, tax_total, amount (invoice totals), average.
 */
export const salesRowOut = z.object({
  key: z.string(),
  label: z.string(),
  month: z.string().nullable(),
  product_type: z.string().nullable(),
  product_size: z.string().nullable(),
  invoices: z.number(),
  units: z.number(),
  sub_total: z.number(),
  tax_total: z.number(),
  amount: z.number(),
  average: z.number(),
});
export type SalesRow = z.infer<typeof salesRowOut>;

/** Totals of the whole range (the invoices the rows come from). */
export const salesTotalsOut = z.object({
  invoices: z.number(),
  units: z.number(),
  sub_total: z.number(),
  tax_total: z.number(),
  total: z.number(),
  average: z.number(),
});
export type SalesTotals = z.infer<typeof salesTotalsOut>;

export const salesReportOut = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(SALES_GROUPS),
  rows: z.array(salesRowOut),
  totals: salesTotalsOut,
});
export type SalesReport = z.infer<typeof salesReportOut>;

/** Stamps of one roll used in one month: put on invoices (by invoice date) and destroyed. */
export const stampsRowOut = z.object({
  month: z.string(),
  roll_id: z.number(),
  roll: z.string(),
  invoiced: z.number(),
  destroyed: z.number(),
});
export type StampsRow = z.infer<typeof stampsRowOut>;

export const stampsReportOut = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(stampsRowOut),
});
export type StampsReport = z.infer<typeof stampsReportOut>;
