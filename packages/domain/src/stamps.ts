/**
 * TABC stamps: pure rules shared by the server, the stamp screens and the invoice builder.
 *
 * Exports, by use:
 * - Roll registration: `stampRollSchema` (form + POST /stamp/roll body, exact messages),
 *   `stampRollUpdateSchema` (PUT /stamp/roll/{id}: only `active`), `rollStampCount`,
 *   `stampRollWarnings` (over 10000, under 80, not a multiple of 80 or 500: warnings, not errors).
 * - Destroy tool: `stampDestroySchema` (PUT /stamp/roll/{rollId}/assign), `DestroyEntry`,
 *   `destroyResultMessages` (the exact result sentences), `STAMP_MSG.undoFailed`.
 * - Sequences: `toSequences(numbers)` contiguous runs of available numbers; `StampSequence`
 *   (roll_id, prefix, from, to, count) as GET /stamp/roll answers them per roll (`sequences`).
 * - Invoice builder:
 *   - `stampNeed(items)`: stamps an invoice needs = sum of qty of LIQUOR items with qty > 0.
 *     Decision: WINE and BEER need no stamp (the TABC stamps the distributor applies are for
 *     distilled spirits), N/A neither.
 *   - `autoAssign(need, sequences, alreadyOnInvoice)`: ranges to add, filled from the usable rolls'
 *     sequences in the order given; stamps already on the invoice count toward the need and are
 *     never handed out again.
 *   - `stampNotice(need, assigned)`: the 'stamps needed' / 'extra stamps' notice.
 *   - `findOverlap(range, existing)` / `STAMP_MSG.overlap`: a hand-added range overlapping one
 *     already in the builder.
 *   - `builderRangeErrors(range, bounds)` and `canAddRange(range)`: start within first..last
 *     available, end within start..last available; Add only when start >= 1 and end >= start.
 * - `invoiceNumberLabel(number, beer)`: '123' or '123B' as the stamp log shows invoice numbers.
 */
import { z } from 'zod';
import { DATE_LIMITS } from './constants.js';
import { notLaterThanDaysAhead } from './dates.js';
import { boundedText, dbId, isCalendarDay, LIMITS, noteText, timestampOut } from './primitives.js';
import { DESTROY_REASONS, STAMP_RECORD_MSG } from './stamp-record.js';

export const STAMP_ROLL_LIMITS = { max: 10000, min: 80, multiples: [80, 500] } as const;

export const STAMP_MSG = {
  receivedAt: 'Receive Date is required',
  receivedAtLate: `Receive Date can not be later than ${DATE_LIMITS.stampRollDaysAhead} days from now`,
  from: 'Stamp Start is required',
  fromMin: 'Stamp Start must be a whole number of at least 1',
  to: 'Stamp End is required',
  toMin: 'Stamp roll must end in a larger value than the start',
  toMax: `Stamp End must be at most ${LIMITS.maxId}`,
  active: 'Active must be 0, 1, true or false',
  onlyActive: 'Only the active flag of a stamp roll can be updated',
  finishedActivate: 'A finished stamp roll can not be activated',
  rollNotFound: 'Stamp roll not found',
  rollOverlap: (label: string) => `This roll overlaps the stamp roll ${label} already registered`,
  rollId: 'Stamp roll is required',
  rollMismatch: 'The stamp roll of the range does not match the roll in the address',
  outsideRoll: (label: string) => `The range must be within the roll ${label}`,
  undoFailed: 'Could not undo destroyed stamps from your selection',
  csvFailed: 'Error occurred while generating CSV',
  overlap: 'This range overlaps a range already on the invoice',
  startBelowFirst: (first: number) => `Start must be at least the first available stamp (${first})`,
  startAboveLast: (last: number) => `Start must be at most the last available stamp (${last})`,
  endBelowStart: 'End must be at least the start',
  endAboveLast: (last: number) => `End must be at most the last available stamp (${last})`,
  rollMissing: 'Stamp roll missing: Please add your current stamp roll before creating an invoice',
} as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const stampLabel = (prefix: string | null | undefined, n: number) => `${prefix ?? ''}${n}`;
export const rangeLabel = (prefix: string | null | undefined, from: number, to: number) =>
  from === to ? stampLabel(prefix, from) : `${stampLabel(prefix, from)}-${stampLabel(prefix, to)}`;

/** A whole number from a form or JSON (numbers, numeric strings); empty means missing. */
const wholeNumber = (required: string, invalid: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: (i) => (i.input === undefined ? required : invalid) })
      .int({ error: invalid })
      .min(1, { error: invalid })
      .max(LIMITS.maxId, { error: invalid }),
  );

/** A stamp roll's end: a whole number within int4 (stamp numbers are int4). */
const stampEnd = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({ error: (i) => (i.input === undefined ? STAMP_MSG.to : STAMP_MSG.toMin) })
    .int({ error: STAMP_MSG.toMin })
    .max(LIMITS.maxId, { error: STAMP_MSG.toMax }),
);

const activeFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: STAMP_MSG.active })
  .transform((v) => v === true || v === 1 || v === '1');

/** Roll registration (form and POST /stamp/roll's `roll`). */
export function stampRollSchema(now?: Date) {
  return z
    .object({
      prefix: boundedText('Prefix', 16)
        .nullish()
        .transform((v) => (v ?? '').trim().toUpperCase()),
      received_at: boundedText('Receive Date', 64, STAMP_MSG.receivedAt).transform((raw, c) => {
        const v = raw.trim().slice(0, 10);
        if (!isCalendarDay(v)) {
          c.addIssue({ code: 'custom', message: STAMP_MSG.receivedAt });
          return z.NEVER;
        }
        // 'now' at parse time: a route schema lives as long as the server
        if (!notLaterThanDaysAhead(v, DATE_LIMITS.stampRollDaysAhead, now ?? new Date())) {
          c.addIssue({ code: 'custom', message: STAMP_MSG.receivedAtLate });
          return z.NEVER;
        }
        return v;
      }),
      from: wholeNumber(STAMP_MSG.from, STAMP_MSG.fromMin),
      to: stampEnd,
      /** the server variant: 0, 1 or boolean; a new roll is active unless told otherwise */
      active: activeFlag.optional().default(true),
    })
    .superRefine((v, c) => {
      if (Number.isInteger(v.from) && Number.isInteger(v.to) && v.to < v.from)
        c.addIssue({ code: 'custom', path: ['to'], message: STAMP_MSG.toMin });
    });
}
export type StampRollInput = z.input<ReturnType<typeof stampRollSchema>>;
export type StampRollValues = z.output<ReturnType<typeof stampRollSchema>>;

/** PUT /stamp/roll/{id}: a server update accepts only `active`. */
export const stampRollUpdateSchema = z.preprocess(
  (v) => v ?? {},
  z
    .object({ active: activeFlag })
    // other keys are read only to be refused with the rule's message; they go no further
    .catchall(z.unknown())
    .superRefine((v, c) => {
      if (Object.keys(v).some((k) => k !== 'active'))
        c.addIssue({ code: 'custom', path: [], message: STAMP_MSG.onlyActive });
    })
    .transform((v) => ({ active: v.active })),
);

export const rollStampCount = (from: number, to: number) => to - from + 1;

/** Form warnings for a roll's size (the roll may still be saved). */
export function stampRollWarnings(from: unknown, to: unknown): string[] {
  const f = Number(from);
  const t = Number(to);
  if (!Number.isInteger(f) || !Number.isInteger(t) || f < 1 || t < f) return [];
  const n = rollStampCount(f, t);
  const out: string[] = [];
  if (n > STAMP_ROLL_LIMITS.max)
    out.push(`${plural(n, 'stamp')} is more than the max possible (${STAMP_ROLL_LIMITS.max}) for one roll`);
  if (n < STAMP_ROLL_LIMITS.min) out.push(`${plural(n, 'stamp')} is less than ${STAMP_ROLL_LIMITS.min}`);
  if (!STAMP_ROLL_LIMITS.multiples.some((m) => n % m === 0))
    out.push(`${plural(n, 'stamp')} is not a multiple of ${STAMP_ROLL_LIMITS.multiples.join(' or ')}`);
  return out;
}

/** The destroy tool: PUT /stamp/roll/{rollId}/assign {roll_id, from, to, note}. */
const destroyShape = {
  roll_id: dbId('Stamp roll', STAMP_MSG.rollId),
  from: wholeNumber(STAMP_MSG.from, STAMP_MSG.fromMin),
  to: stampEnd,
  note: noteText('Note')
    .nullish()
    .transform((v) => (v ?? '').trim().toUpperCase()),
  /** why the stamps leave the stock (the TABC record): 'destroyed' when not given */
  reason: z
    .preprocess(
      (v) =>
        v === '' || v === null || v === undefined ? 'destroyed' : typeof v === 'string' ? v.trim().toLowerCase() : v,
      z.enum(DESTROY_REASONS, { error: STAMP_RECORD_MSG.reason }),
    )
    .optional()
    .transform((v) => v ?? 'destroyed'),
  /** a replacement: the serial number of the stamp it replaces ('A1234') */
  replaces: boundedText('Replaces', 40)
    .nullish()
    .transform((v) => (v ?? '').trim().toUpperCase()),
};
const endAfterStart = (v: { from: number; to: number; reason?: string; replaces?: string }, c: z.RefinementCtx) => {
  if (Number.isInteger(v.from) && Number.isInteger(v.to) && v.to < v.from)
    c.addIssue({ code: 'custom', path: ['to'], message: STAMP_MSG.toMin });
  if (v.reason === 'replacement' && !v.replaces)
    c.addIssue({ code: 'custom', path: ['replaces'], message: STAMP_RECORD_MSG.replacesRequired });
  if (v.reason && v.reason !== 'replacement' && v.replaces)
    c.addIssue({ code: 'custom', path: ['replaces'], message: STAMP_RECORD_MSG.replacesOnlyForReplacement });
};
export const stampDestroySchema = z.object(destroyShape).superRefine(endAfterStart);
/** PUT /stamp/roll/{rollId}/assign: a range of the roll in the address (roll_id may be left out). */
export const stampDestroyBodySchema = z
  .object({ ...destroyShape, roll_id: destroyShape.roll_id.optional() })
  .superRefine(endAfterStart);
export type StampDestroyBody = z.output<typeof stampDestroyBodySchema>;
export type StampDestroyInput = z.input<typeof stampDestroySchema>;

/**
 * One group of the destroy answer. `status` is the stamps' status BEFORE the request:
 * AVAILABLE ones were destroyed now, INVOICED and DESTROYED ones were left alone.
 */
export interface DestroyEntry {
  status: 'AVAILABLE' | 'INVOICED' | 'DESTROYED';
  total: number;
  /** invoice numbers as shown ('123', '124B'); only for INVOICED */
  invoice_numbers: string[];
  destroyed: boolean;
  message: string;
}

export function destroyEntryMessage(e: Pick<DestroyEntry, 'status' | 'total' | 'invoice_numbers'>): string {
  const stampsWord = plural(e.total, 'stamp');
  if (e.status === 'INVOICED') {
    const list = e.invoice_numbers.length ? ` (invoice ${e.invoice_numbers.map((n) => `#${n}`).join(', ')})` : '';
    return `${stampsWord} NOT destroyed because they are in INVOICED status${list}`;
  }
  if (e.status === 'DESTROYED') return `${stampsWord} NOT destroyed because they were already DESTROYED`;
  return `${stampsWord} destroyed and marked unavailable`;
}

export const NOTHING_DESTROYED = 'No stamps were destroyed in the given range';

/** The sentences the destroy tool shows, in order; 'No stamps were destroyed…' when none was. */
export function destroyResultMessages(entries: Pick<DestroyEntry, 'status' | 'total' | 'invoice_numbers'>[]): string[] {
  const out = entries.filter((e) => e.total > 0).map(destroyEntryMessage);
  if (!entries.some((e) => e.status === 'AVAILABLE' && e.total > 0)) out.push(NOTHING_DESTROYED);
  return out;
}

/** An invoice number as the stamp log shows it: beer invoices carry a B suffix. */
export const invoiceNumberLabel = (number: number | string, beer: boolean) => `${number}${beer ? 'B' : ''}`;

// ---------------------------------------------------------------------------------------------
// Sequences and assignment

export interface StampRange {
  roll_id: number;
  from: number;
  to: number;
}

export interface StampSequence extends StampRange {
  prefix: string;
  count: number;
}

/** Contiguous runs of the given numbers (any order, duplicates ignored). */
export function toSequences(numbers: number[]): { from: number; to: number; count: number }[] {
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

export const rangeCount = (r: { from: number; to: number }) => Math.max(0, r.to - r.from + 1);
export const totalStamps = (ranges: { from: number; to: number }[]) => ranges.reduce((s, r) => s + rangeCount(r), 0);

export interface StampNeedItem {
  /** the product type: LIQUOR, WINE, BEER or N/A */
  product_type?: string | null;
  type?: string | null;
  qty: number | string | null | undefined;
}

/** Stamps an invoice needs: the sum of quantities of LIQUOR items with a positive quantity. */
export function stampNeed(items: StampNeedItem[]): number {
  let n = 0;
  for (const it of items) {
    const type = String(it.product_type ?? it.type ?? '').toUpperCase();
    const qty = Number(it.qty ?? 0);
    if (type === 'LIQUOR' && Number.isFinite(qty) && qty > 0) n += Math.trunc(qty);
  }
  return n;
}

export function rangesOverlap(a: StampRange, b: StampRange): boolean {
  return a.roll_id === b.roll_id && a.from <= b.to && b.from <= a.to;
}

/** The first existing range the new one overlaps (same roll), or undefined. */
export function findOverlap<T extends StampRange>(range: StampRange, existing: T[]): T | undefined {
  return existing.find((r) => rangesOverlap(range, r));
}

export interface AutoAssignResult {
  /** ranges to add to the invoice, in sequence order */
  ranges: StampSequence[];
  /** stamps already on the invoice (counted toward the need) */
  already: number;
  /** stamps the new ranges give */
  added: number;
  /** need not covered because the usable rolls ran out */
  short: number;
}

/**
 * Fills `need` from `sequences` (the usable rolls' available runs, in the order they are to be
 * used). Stamps already on the invoice (a number, or its ranges) count toward the need; when ranges
 * are given, their numbers are skipped in the sequences (a hand-added range of the builder is still
 * AVAILABLE in the ledger until the invoice is saved).
 */
export function autoAssign(
  need: number,
  sequences: StampSequence[],
  alreadyOnInvoice: number | StampRange[] = 0,
): AutoAssignResult {
  const taken = typeof alreadyOnInvoice === 'number' ? [] : alreadyOnInvoice;
  const already = typeof alreadyOnInvoice === 'number' ? alreadyOnInvoice : totalStamps(taken);
  let left = Math.max(0, need - already);
  const ranges: StampSequence[] = [];
  for (const seq of sequences) {
    if (left <= 0) break;
    // split the sequence around numbers already taken by the invoice
    let pieces = [{ from: seq.from, to: seq.to }];
    for (const t of taken.filter((r) => r.roll_id === seq.roll_id)) {
      pieces = pieces.flatMap((p) => {
        if (t.to < p.from || t.from > p.to) return [p];
        const out: { from: number; to: number }[] = [];
        if (t.from > p.from) out.push({ from: p.from, to: t.from - 1 });
        if (t.to < p.to) out.push({ from: t.to + 1, to: p.to });
        return out;
      });
    }
    for (const p of pieces) {
      if (left <= 0) break;
      const count = Math.min(left, rangeCount(p));
      if (count <= 0) continue;
      const prev = ranges.at(-1);
      if (prev && prev.roll_id === seq.roll_id && prev.to + 1 === p.from) {
        prev.to += count;
        prev.count += count;
      } else ranges.push({ roll_id: seq.roll_id, prefix: seq.prefix, from: p.from, to: p.from + count - 1, count });
      left -= count;
    }
  }
  const added = totalStamps(ranges);
  return { ranges, already, added, short: left };
}

export interface StampNotice {
  kind: 'ok' | 'needed' | 'extra';
  count: number;
  message: string;
}

/** The builder's notice: stamps still needed, extra stamps, or none. */
export function stampNotice(need: number, assigned: number): StampNotice {
  if (assigned < need) {
    const n = need - assigned;
    return { kind: 'needed', count: n, message: `${plural(n, 'more stamp')} needed for the liquor on this invoice` };
  }
  if (assigned > need) {
    const n = assigned - need;
    return {
      kind: 'extra',
      count: n,
      message: `${plural(n, 'extra stamp')} assigned: this invoice needs ${plural(need, 'stamp')}`,
    };
  }
  return { kind: 'ok', count: 0, message: '' };
}

export interface BuilderBounds {
  firstAvailable: number | null;
  lastAvailable: number | null;
}

/** Add is disabled unless start is at least 1 and end is at least start. */
export function canAddRange(r: { start?: number | null; end?: number | null }): boolean {
  const s = Number(r.start);
  const e = Number(r.end);
  return r.start != null && r.end != null && Number.isInteger(s) && Number.isInteger(e) && s >= 1 && e >= s;
}

/** The builder's range rules against the chosen roll's first and last available stamps. */
export function builderRangeErrors(
  r: { start?: number | null; end?: number | null },
  bounds: BuilderBounds,
): { start?: string; end?: string } {
  const out: { start?: string; end?: string } = {};
  const s = r.start == null ? null : Number(r.start);
  const e = r.end == null ? null : Number(r.end);
  const { firstAvailable: first, lastAvailable: last } = bounds;
  if (s != null) {
    if (first != null && s < first) out.start = STAMP_MSG.startBelowFirst(first);
    else if (last != null && s > last) out.start = STAMP_MSG.startAboveLast(last);
  }
  if (e != null) {
    if (s != null && e < s) out.end = STAMP_MSG.endBelowStart;
    else if (last != null && e > last) out.end = STAMP_MSG.endAboveLast(last);
  }
  return out;
}

// ---- answers ------------------------------------------------------------------------------------

export const stampSequenceOut = z.object({
  roll_id: z.number(),
  prefix: z.string(),
  from: z.number(),
  to: z.number(),
  count: z.number(),
});

export const stampRollOut = z.object({
  id: z.number(),
  prefix: z.string(),
  from: z.number(),
  to: z.number(),
  received_at: z.string(),
  finished_at: timestampOut.nullable(),
  active: z.boolean(),
  finished: z.boolean(),
  created_at: timestampOut,
  stampsCount: z.number(),
  totalCount: z.number(),
  invoicedCount: z.number(),
  destroyedCount: z.number(),
  firstAvailable: z.number().nullable(),
  lastAvailable: z.number().nullable(),
  usable: z.boolean(),
  sequences: z.array(stampSequenceOut),
});
export const stampRollCreatedOut = stampRollOut.extend({ roll: stampRollOut, warnings: z.array(z.string()) });

export const stampRemainingOut = z.object({
  availableStampCount: z.number(),
  firstAvailableStamp: z.number().nullable(),
  totalStampCount: z.number(),
  currentRoll: stampRollOut.nullable(),
  usableRollCount: z.number(),
  rollCount: z.number(),
  stamp_threshold: z.number(),
  low: z.boolean(),
});

/** A stamp log entry (GET /invoice/stamp/grid rows). */
export const stampLogRowOut = z.object({
  id: z.number(),
  roll_id: z.number(),
  prefix: z.string(),
  from: z.number(),
  to: z.number(),
  count: z.number(),
  status: z.string(),
  note: z.string(),
  invoice_id: z.number().nullable(),
  invoice_number: z.string().nullable(),
  beer: z.boolean().nullable(),
  logged_at: timestampOut,
  released_at: timestampOut.nullable(),
  user_id: z.number().nullable(),
  user: z.string().nullable(),
});

export const stampDestroyResultOut = z.object({
  roll_id: z.number(),
  from: z.number(),
  to: z.number(),
  note: z.string(),
  reason: z.enum(DESTROY_REASONS),
  replaces: z.string().nullable(),
  destroyed: z.number(),
  entries: z.array(
    z.object({
      status: z.enum(['AVAILABLE', 'INVOICED', 'DESTROYED']),
      total: z.number(),
      invoice_numbers: z.array(z.string()),
      destroyed: z.boolean(),
      message: z.string(),
    }),
  ),
  messages: z.array(z.string()),
});

export const destroyedEntryOut = z.object({
  id: z.number(),
  roll_id: z.number(),
  prefix: z.string(),
  from: z.number(),
  to: z.number(),
  note: z.string(),
  reason: z.enum(DESTROY_REASONS),
  replaces: z.string().nullable(),
  logged_at: timestampOut,
  user: z.string().nullable(),
  count: z.number(),
  status: z.literal('DESTROYED'),
});

export const undoDestroyOut = z.object({ success: z.boolean(), restored: z.number(), ids: z.array(z.number()) });
