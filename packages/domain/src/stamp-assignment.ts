/**
 * Stamp sequences and the invoice builder's stamp rules (need, auto-assign, notice, the bounds of
 * a hand-added range): pure, shared by the server and the builder. Re-exported by stamps.ts; the
 * rules are described there.
 */
import { serialRuns } from './stamp-record.js';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The builder's range messages (part of STAMP_MSG). */
export const STAMP_RANGE_MSG = {
  overlap: 'This range overlaps a range already on the invoice',
  startBelowFirst: (first: number) => `Start must be at least the first available stamp (${first})`,
  startAboveLast: (last: number) => `Start must be at most the last available stamp (${last})`,
  endBelowStart: 'End must be at least the start',
  endAboveLast: (last: number) => `End must be at most the last available stamp (${last})`,
} as const;

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
export const toSequences = (numbers: number[]) => serialRuns(numbers);

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
    if (first != null && s < first) out.start = STAMP_RANGE_MSG.startBelowFirst(first);
    else if (last != null && s > last) out.start = STAMP_RANGE_MSG.startAboveLast(last);
  }
  if (e != null) {
    if (s != null && e < s) out.end = STAMP_RANGE_MSG.endBelowStart;
    else if (last != null && e > last) out.end = STAMP_RANGE_MSG.endAboveLast(last);
  }
  return out;
}

// ---- the stamps precondition (issue 30) -----------------------------------------------------------

/**
 * Statuses a liquor invoice may have with any number of stamps: a draft is still being built, and a
 * cancelled invoice keeps none. Every other status needs exactly the invoice's stamp need.
 */
export const STAMP_FREE_STATUSES: readonly string[] = ['draft', 'cancelled'];

export const STAMP_RULE_MSG = {
  /** 'This invoice needs 2 more TABC stamps before it can be Delivered' */
  missing: (missing: number, statusLabel: string) =>
    `This invoice needs ${plural(missing, 'more TABC stamp')} before it can be ${statusLabel}`,
  /** 'This invoice has 1 more TABC stamp than its 2 liquor bottles need' */
  extra: (extra: number, need: number) =>
    need === 0
      ? `This invoice has ${plural(extra, 'more TABC stamp')} than it needs: it has no liquor bottles`
      : `This invoice has ${plural(extra, 'more TABC stamp')} than its ${plural(need, 'liquor bottle')} ${need === 1 ? 'needs' : 'need'}`,
} as const;

/**
 * The stamps precondition: null when an invoice holding `held` stamps and needing `need` (stampNeed
 * of its lines) may have `status`, else the 400's message. `statusLabel` is the status as people read
 * it (INVOICE_STATUS_LABELS).
 */
export function stampRuleError(status: string, statusLabel: string, need: number, held: number): string | null {
  if (STAMP_FREE_STATUSES.includes(status) || held === need) return null;
  return held < need ? STAMP_RULE_MSG.missing(need - held, statusLabel) : STAMP_RULE_MSG.extra(held - need, need);
}
