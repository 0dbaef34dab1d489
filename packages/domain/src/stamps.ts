/**
 * TABC stamps: pure rules shared by the server, the stamp screens and the invoice builder.
 *
 * Exports, by use:
 * - Roll registration: `stampRollSchema` (form + POST /stamp/roll body, exact messages),
 *   `stampRollUpdateSchema` (PUT /stamp/roll/{id}: only `active`), `rollStampCount`,
 *   `stampRollWarnings` (over 10000, under 80, not a multiple of 80 or 500: warnings, not errors).
 * - Destroy tool: `stampDestroySchema` (PUT /stamp/roll/{rollId}/assign), `DestroyEntry`,
 *   `destroyResultMessages` (the exact result sentences), `STAMP_MSG.undoFailed`.
 * - Sequences and the invoice builder's rules live in stamp-assignment.ts (re-exported here):
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
import { DESTROY_REASONS, STAMP_RECORD_MSG, serialRangeOut } from './stamp-record.js';
import { plural, STAMP_RANGE_MSG } from './stamp-assignment.js';

export * from './stamp-assignment.js';

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
  ...STAMP_RANGE_MSG,
  rollMissing: 'Stamp roll missing: Please add your current stamp roll before creating an invoice',
} as const;

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

// ---- answers ------------------------------------------------------------------------------------

/** A roll's run of available numbers (`StampSequence`). */
export const stampSequenceOut = serialRangeOut;

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
  ...serialRangeOut.shape,
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
