/**
 * The stamp transaction record TABC asks a local distributor to keep (issue 16), the roll
 * reconciliation and the monthly stamp report: pure rules shared by the server and the screens.
 *
 * - Destroy reasons: `DESTROY_REASONS` (lost, stolen, voided, destroyed, replacement) and their
 *   labels; the destroy call's `reason` defaults to 'destroyed'.
 * - Serial numbers: `serialRuns(numbers)` compresses numbers into consecutive runs,
 *   `serialText(ranges)` prints them ('A1-A5, A7, B10').
 * - `invoiceChange(before, after)`: what one save of an invoice did to its stamps (numbers kept are
 *   neither returned nor affixed again, so an edit shows only its real change).
 * - `withOnHand(opening, lines)`: the running quantity on hand after each line;
 *   `recordEntries(lines)`: one entry per date.
 * - `reconcileRoll(...)`: affixed + destroyed (every reason) + on hand must equal the roll's size.
 * - `monthRange('YYYY-MM')`, `recordRangeIssue(from, to)`.
 */
import { z } from 'zod';
import { addDays, daysBetween, todayInTexas } from './dates.js';
import {
  blankToUndefined,
  isCalendarDay,
  periodQueryShape,
  REPORT_FORMAT_MSG,
  reportFormatQuery,
  timestampOut,
} from './primitives.js';

export const DESTROY_REASONS = ['lost', 'stolen', 'voided', 'destroyed', 'replacement'] as const;
export type DestroyReason = (typeof DESTROY_REASONS)[number];
export const DESTROY_REASON_LABEL: Record<DestroyReason, string> = {
  lost: 'Lost',
  stolen: 'Stolen',
  voided: 'Voided',
  destroyed: 'Destroyed',
  replacement: 'Replacement',
};

/** The record's longest range: a year (a leap year included). */
export const STAMP_RECORD_MAX_DAYS = 366;

export const STAMP_RECORD_MSG = {
  reason: `Reason must be one of ${DESTROY_REASONS.join(', ')}`,
  replacesRequired: 'A replacement must name the stamp it replaces',
  replacesOnlyForReplacement: 'Only a replacement names the stamp it replaces',
  replacesNotFound: (label: string) => `Stamp ${label} is not a stamp of your rolls`,
  replacesInRange: 'A stamp can not replace itself',
  from: 'From must be a date',
  to: 'To must be a date',
  order: 'From must be on or before To',
  tooLong: `The stamp record covers at most ${STAMP_RECORD_MAX_DAYS} days`,
  month: 'Month must be a month as YYYY-MM',
  format: REPORT_FORMAT_MSG,
} as const;

// ---- serial numbers ----------------------------------------------------------------------------

export interface SerialRange {
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
}

/** Consecutive runs of the numbers (any order, duplicates ignored). */
export function serialRuns(numbers: readonly number[]): { from: number; to: number; count: number }[] {
  const runs: { from: number; to: number; count: number }[] = [];
  for (const n of [...new Set(numbers)].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && n === last.to + 1) {
      last.to = n;
      last.count++;
    } else runs.push({ from: n, to: n, count: 1 });
  }
  return runs;
}

/** Stamps of several rolls ({roll_id, prefix, number}) as serial ranges, by roll then number. */
export function serialRanges(stamps: readonly { roll_id: number; prefix: string; number: number }[]): SerialRange[] {
  const byRoll = new Map<number, { prefix: string; numbers: number[] }>();
  for (const s of stamps) {
    const r = byRoll.get(s.roll_id) ?? { prefix: s.prefix, numbers: [] };
    r.numbers.push(s.number);
    byRoll.set(s.roll_id, r);
  }
  return [...byRoll.entries()]
    .sort((a, b) => a[1].prefix.localeCompare(b[1].prefix) || a[0] - b[0])
    .flatMap(([roll_id, r]) => serialRuns(r.numbers).map((run) => ({ roll_id, prefix: r.prefix, ...run })));
}

/** 'A1-A5, A7': the ranges as serial numbers, a single stamp without a dash. */
export const serialText = (ranges: readonly { prefix: string; from: number; to: number }[]) =>
  ranges.map((r) => (r.from === r.to ? `${r.prefix}${r.from}` : `${r.prefix}${r.from}-${r.prefix}${r.to}`)).join(', ');

/** Stamp keys 'roll:number' of a set of ranges. */
export function stampKeys(ranges: readonly { roll_id: number; from: number; to: number }[]): Set<string> {
  const out = new Set<string>();
  for (const r of ranges) for (let n = r.from; n <= r.to; n++) out.add(`${r.roll_id}:${n}`);
  return out;
}

/** What one save did to an invoice's stamps: numbers returned to stock and numbers newly affixed. */
export function invoiceChange(
  before: readonly { roll_id: number; from: number; to: number }[],
  after: readonly { roll_id: number; from: number; to: number }[],
): { returned: string[]; affixed: string[] } {
  const b = stampKeys(before);
  const a = stampKeys(after);
  return { returned: [...b].filter((k) => !a.has(k)), affixed: [...a].filter((k) => !b.has(k)) };
}

// ---- the record --------------------------------------------------------------------------------

/**
 * One transaction line. RECEIVED (a roll registered) and RETURNED (an invoice cancelled or edited
 * gave stamps back) and RESTORED (a destroy undone) add to the stock; AFFIXED and the destroy
 * reasons take from it.
 */
export const RECORD_KINDS = [
  'RECEIVED',
  'AFFIXED',
  'RETURNED',
  'LOST',
  'STOLEN',
  'VOIDED',
  'DESTROYED',
  'REPLACEMENT',
  'RESTORED',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export const RECORD_KIND_LABEL: Record<RecordKind, string> = {
  RECEIVED: 'Received',
  AFFIXED: 'Affixed',
  RETURNED: 'Returned to stock',
  LOST: 'Lost',
  STOLEN: 'Stolen',
  VOIDED: 'Voided',
  DESTROYED: 'Destroyed',
  REPLACEMENT: 'Issued as replacement',
  RESTORED: 'Destroy undone',
};

const INCOMING = new Set<RecordKind>(['RECEIVED', 'RETURNED', 'RESTORED']);

/** The change a line makes to the quantity on hand. */
export const onHandDelta = (kind: RecordKind, quantity: number) => (INCOMING.has(kind) ? quantity : -quantity);

export const destroyKind = (reason: string | null | undefined): RecordKind => {
  const r = (reason ?? 'destroyed').toUpperCase();
  return (RECORD_KINDS as readonly string[]).includes(r) && r !== 'RECEIVED' ? (r as RecordKind) : 'DESTROYED';
};

export interface RecordLineBase {
  date: string;
  kind: RecordKind;
  quantity: number;
  ranges: SerialRange[];
}

/** Adds the quantity on hand after each line, from the opening quantity. */
export function withOnHand<T extends RecordLineBase>(
  opening: number,
  lines: readonly T[],
): (T & { on_hand: number })[] {
  let onHand = opening;
  return lines.map((l) => {
    onHand += onHandDelta(l.kind, l.quantity);
    return { ...l, on_hand: onHand };
  });
}

/** One entry per date with its lines and the day's totals, in date order. */
export function recordEntries<T extends RecordLineBase & { on_hand: number }>(lines: readonly T[], opening: number) {
  const entries: {
    date: string;
    received: number;
    affixed: number;
    returned: number;
    removed: number;
    on_hand: number;
    lines: T[];
  }[] = [];
  for (const l of lines) {
    let e = entries.at(-1);
    if (!e || e.date !== l.date) {
      e = { date: l.date, received: 0, affixed: 0, returned: 0, removed: 0, on_hand: opening, lines: [] };
      entries.push(e);
    }
    e.lines.push(l);
    if (l.kind === 'RECEIVED' || l.kind === 'RESTORED') e.received += l.quantity;
    else if (l.kind === 'AFFIXED') e.affixed += l.quantity;
    else if (l.kind === 'RETURNED') e.returned += l.quantity;
    else e.removed += l.quantity;
    e.on_hand = l.on_hand;
  }
  return entries;
}

/** A range's problem (null when it is fine): both real days, in order, at most a year. */
export function recordRangeIssue(from: string, to: string): string | null {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return null;
  if (from > to) return STAMP_RECORD_MSG.order;
  if (daysBetween(from, to) + 1 > STAMP_RECORD_MAX_DAYS) return STAMP_RECORD_MSG.tooLong;
  return null;
}

/** Missing ends: the month so far (from the 1st to today, Texas). */
export function recordRange(q: { from?: string; to?: string }, today: string = todayInTexas()) {
  const to = q.to ?? today;
  return { from: q.from ?? `${to.slice(0, 8)}01`, to };
}

/** 'YYYY-MM' -> its first and last day. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { from, to: addDays(next, -1) };
}

export const isMonth = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}$/.test(v) && isCalendarDay(`${v}-01`);

// ---- reconciliation ----------------------------------------------------------------------------

export interface RollFigures {
  size: number;
  /** from the stamp log: stamps on invoices, and taken out by each reason */
  affixed: number;
  destroyed: Partial<Record<DestroyReason, number>>;
  /** from the ledger: stamps AVAILABLE */
  on_hand: number;
  /** the ledger's own INVOICED and DESTROYED counts, which must agree with the log's */
  ledger?: { affixed: number; destroyed: number };
}

/**
 * affixed + destroyed (every reason) + on hand against the roll's size; when the ledger's counts
 * are given, the log's affixed and destroyed figures must also equal them.
 */
export function reconcileRoll(f: RollFigures): {
  destroyed_total: number;
  accounted: number;
  difference: number;
  balanced: boolean;
} {
  const destroyed_total = DESTROY_REASONS.reduce((s, r) => s + (f.destroyed[r] ?? 0), 0);
  const accounted = f.affixed + destroyed_total + f.on_hand;
  const ledgerAgrees = !f.ledger || (f.ledger.affixed === f.affixed && f.ledger.destroyed === destroyed_total);
  return { destroyed_total, accounted, difference: f.size - accounted, balanced: accounted === f.size && ledgerAgrees };
}

// ---- requests ------------------------------------------------------------------------------------

/** GET /stamp/record?from&to&format */
export const stampRecordQuery = z
  .object({
    ...periodQueryShape(STAMP_RECORD_MSG),
    format: reportFormatQuery,
  })
  .superRefine((q, c) => {
    const { from, to } = recordRange(q);
    const issue = recordRangeIssue(from, to);
    if (issue) c.addIssue({ code: 'custom', message: issue, path: ['from'] });
  });
export type StampRecordQuery = z.infer<typeof stampRecordQuery>;

/** GET /stamp/monthly?month=YYYY-MM&format (month: the current one when left out) */
export const stampMonthlyQuery = z.object({
  month: z
    .preprocess(blankToUndefined, z.string({ error: STAMP_RECORD_MSG.month }).optional())
    .refine((v) => v === undefined || isMonth(v), STAMP_RECORD_MSG.month),
  format: reportFormatQuery,
});

// ---- answers -------------------------------------------------------------------------------------

/**
 * A run of consecutive stamp numbers of one roll (`SerialRange`): the record's lines, an invoice's
 * stamps, a roll's available sequences and the stamp log all name stamps this way.
 */
export const serialRangeOut = z.object({
  roll_id: z.number(),
  prefix: z.string(),
  from: z.number(),
  to: z.number(),
  count: z.number(),
});

/** The distributor a record or a report is for: its name and TABC permit. */
const recordCompanyOut = z.object({ name: z.string(), permit: z.string() });

export const stampRecordLineOut = z.object({
  date: z.string(),
  at: timestampOut,
  kind: z.enum(RECORD_KINDS),
  quantity: z.number(),
  ranges: z.array(serialRangeOut),
  serials: z.string(),
  invoice_id: z.number().nullable(),
  invoice_number: z.string().nullable(),
  invoice_date: z.string().nullable(),
  /** the retailer signed for the invoice at delivery (TABC: signed invoices kept four years) */
  signed: z.boolean(),
  trade_name: z.string().nullable(),
  permit: z.string().nullable(),
  /** a replacement: the stamp it replaces */
  replaces: z.string().nullable(),
  note: z.string(),
  on_hand: z.number(),
});
export type StampRecordLine = z.infer<typeof stampRecordLineOut>;

export const stampRecordEntryOut = z.object({
  date: z.string(),
  received: z.number(),
  affixed: z.number(),
  returned: z.number(),
  removed: z.number(),
  on_hand: z.number(),
  lines: z.array(stampRecordLineOut),
});
export type StampRecordEntry = z.infer<typeof stampRecordEntryOut>;

export const stampRecordOut = z.object({
  from: z.string(),
  to: z.string(),
  company: recordCompanyOut,
  opening_on_hand: z.number(),
  closing_on_hand: z.number(),
  entries: z.array(stampRecordEntryOut),
});
export type StampRecord = z.infer<typeof stampRecordOut>;

const destroyedByReasonOut = z.object({
  lost: z.number(),
  stolen: z.number(),
  voided: z.number(),
  destroyed: z.number(),
  replacement: z.number(),
});

export const rollReconciliationOut = z.object({
  roll_id: z.number(),
  prefix: z.string(),
  from: z.number(),
  to: z.number(),
  serials: z.string(),
  received_at: z.string(),
  size: z.number(),
  affixed: z.number(),
  destroyed: destroyedByReasonOut,
  destroyed_total: z.number(),
  on_hand: z.number(),
  accounted: z.number(),
  difference: z.number(),
  balanced: z.boolean(),
});
export type RollReconciliation = z.infer<typeof rollReconciliationOut>;
export const rollReconciliationListOut = z.object({ rows: z.array(rollReconciliationOut), balanced: z.boolean() });

export const stampMonthlyRowOut = z.object({
  roll_id: z.number(),
  prefix: z.string(),
  roll: z.string(),
  affixed: z.number(),
  affixed_serials: z.string(),
  returned: z.number(),
  returned_serials: z.string(),
  net: z.number(),
});
export type StampMonthlyRow = z.infer<typeof stampMonthlyRowOut>;
export const stampMonthlyOut = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  company: recordCompanyOut,
  rows: z.array(stampMonthlyRowOut),
  total_affixed: z.number(),
  total_returned: z.number(),
});
export type StampMonthly = z.infer<typeof stampMonthlyOut>;
