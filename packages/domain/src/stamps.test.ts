import { describe, expect, it } from 'vitest';
import { addDays, todayInTexas } from './dates.js';
import {
  NOTHING_DESTROYED,
  STAMP_MSG,
  autoAssign,
  builderRangeErrors,
  canAddRange,
  destroyResultMessages,
  findOverlap,
  invoiceNumberLabel,
  stampDestroySchema,
  stampNeed,
  stampNotice,
  stampRollSchema,
  stampRollUpdateSchema,
  stampRollWarnings,
  toSequences,
  type StampSequence,
} from './stamps.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);
const today = todayInTexas();
const roll = { prefix: ' a ', received_at: today, from: 1, to: 2000 };

describe('stamp roll form', () => {
  it('trims and upper-cases the prefix and defaults active', () => {
    expect(stampRollSchema().parse(roll)).toEqual({ prefix: 'A', received_at: today, from: 1, to: 2000, active: true });
    expect(stampRollSchema().parse({ ...roll, prefix: undefined }).prefix).toBe('');
    expect(stampRollSchema().parse({ ...roll, from: '5', to: '84', active: 0 })).toMatchObject({
      from: 5,
      to: 84,
      active: false,
    });
  });

  it.each([
    [{ received_at: '' }, [STAMP_MSG.receivedAt]],
    [{ received_at: undefined }, [STAMP_MSG.receivedAt]],
    [{ received_at: 'yesterday' }, [STAMP_MSG.receivedAt]],
    [{ received_at: addDays(today, 3) }, []],
    [{ received_at: addDays(today, 4) }, [STAMP_MSG.receivedAtLate]],
    [{ received_at: addDays(today, -400) }, []],
    [{ from: 0 }, [STAMP_MSG.fromMin]],
    [{ from: 1.5 }, [STAMP_MSG.fromMin]],
    [{ from: '' }, [STAMP_MSG.from]],
    [{ from: undefined }, [STAMP_MSG.from]],
    [{ to: undefined }, [STAMP_MSG.to]],
    [{ from: 100, to: 99 }, [STAMP_MSG.toMin]],
    [{ from: 100, to: 100 }, []],
    [{ active: 'yes' }, [STAMP_MSG.active]],
  ])('%o -> %o', (change, expected) => {
    expect(messages(stampRollSchema().safeParse({ ...roll, ...change }))).toEqual(expected);
  });

  it('uses the exact end message', () => {
    expect(STAMP_MSG.toMin).toBe('Stamp roll must end in a larger value than the start');
  });

  it.each([
    [1, 2000, 0],
    [1, 80, 0],
    [1, 500, 0],
    [1, 1000, 0],
    [1, 79, 2],
    [1, 100, 1],
    [1, 10_000, 0],
    [1, 10_080, 1],
    [1, 10_001, 2],
  ])('warnings for %i..%i: %i', (from, to, n) => {
    expect(stampRollWarnings(from, to)).toHaveLength(n);
  });

  it('words the warnings', () => {
    expect(stampRollWarnings(1, 10_001).join(' | ')).toContain('more than the max possible');
    expect(stampRollWarnings(1, 50).join(' | ')).toContain('less than 80');
    expect(stampRollWarnings(1, 50).join(' | ')).toContain('not a multiple of 80 or 500');
    expect(stampRollWarnings(10, 5)).toEqual([]);
  });

  it('accepts only active on update', () => {
    expect(stampRollUpdateSchema.parse({ active: 1 })).toEqual({ active: true });
    expect(stampRollUpdateSchema.parse({ active: false })).toEqual({ active: false });
    expect(messages(stampRollUpdateSchema.safeParse({ active: true, prefix: 'B' }))).toEqual([STAMP_MSG.onlyActive]);
    expect(messages(stampRollUpdateSchema.safeParse({}))).toEqual([STAMP_MSG.active]);
  });
});

describe('destroy tool', () => {
  it('upper-cases the note and checks the range', () => {
    expect(stampDestroySchema.parse({ roll_id: 3, from: 10, to: 12, note: ' torn ' })).toEqual({
      roll_id: 3,
      from: 10,
      to: 12,
      note: 'TORN',
      reason: 'destroyed',
      replaces: '',
    });
    expect(messages(stampDestroySchema.safeParse({ roll_id: 0, from: 0, to: 5 }))).toEqual([
      STAMP_MSG.rollId,
      STAMP_MSG.fromMin,
    ]);
    expect(messages(stampDestroySchema.safeParse({ roll_id: 1, from: 5, to: 4 }))).toEqual([STAMP_MSG.toMin]);
  });

  it.each([
    [
      [
        { status: 'INVOICED' as const, total: 3, invoice_numbers: ['12', '13B'] },
        { status: 'AVAILABLE' as const, total: 7, invoice_numbers: [] },
      ],
      [
        '3 stamps NOT destroyed because they are in INVOICED status (invoice #12, #13B)',
        '7 stamps destroyed and marked unavailable',
      ],
    ],
    [
      [{ status: 'DESTROYED' as const, total: 5, invoice_numbers: [] }],
      ['5 stamps NOT destroyed because they were already DESTROYED', NOTHING_DESTROYED],
    ],
    [[], [NOTHING_DESTROYED]],
    [[{ status: 'AVAILABLE' as const, total: 1, invoice_numbers: [] }], ['1 stamp destroyed and marked unavailable']],
  ])('messages %#', (entries, expected) => {
    expect(destroyResultMessages(entries)).toEqual(expected);
  });

  it('labels beer invoices with B', () => {
    expect(invoiceNumberLabel(1001, true)).toBe('1001B');
    expect(invoiceNumberLabel(1001, false)).toBe('1001');
  });
});

describe('sequences', () => {
  it.each([
    [[], []],
    [[5], [{ from: 5, to: 5, count: 1 }]],
    [
      [1, 2, 3, 5, 6, 9],
      [
        { from: 1, to: 3, count: 3 },
        { from: 5, to: 6, count: 2 },
        { from: 9, to: 9, count: 1 },
      ],
    ],
    [
      [9, 3, 1, 2, 2],
      [
        { from: 1, to: 3, count: 3 },
        { from: 9, to: 9, count: 1 },
      ],
    ],
  ])('%o', (numbers, expected) => {
    expect(toSequences(numbers)).toEqual(expected);
  });
});

describe('need', () => {
  it.each([
    [[{ product_type: 'LIQUOR', qty: 3 }], 3],
    [
      [
        { product_type: 'LIQUOR', qty: 3 },
        { product_type: 'LIQUOR', qty: '2' },
        { product_type: 'WINE', qty: 6 },
        { product_type: 'BEER', qty: 24 },
        { product_type: 'N/A', qty: 1 },
      ],
      5,
    ],
    [[{ product_type: 'LIQUOR', qty: -2 }], 0],
    [[{ product_type: 'LIQUOR', qty: 0 }], 0],
    [[{ type: 'liquor', qty: 4 }], 4],
    [[{ product_type: 'LIQUOR', qty: null }], 0],
  ])('%o -> %i', (items, n) => {
    expect(stampNeed(items)).toBe(n);
  });
});

const seq = (roll_id: number, prefix: string, from: number, to: number): StampSequence => ({
  roll_id,
  prefix,
  from,
  to,
  count: to - from + 1,
});

describe('auto-assignment', () => {
  const sequences = [seq(1, 'A', 10, 12), seq(1, 'A', 20, 29), seq(2, 'B', 1, 100)];
  it.each([
    { need: 0, already: 0, ranges: [], short: 0 },
    { need: 2, already: 0, ranges: [seq(1, 'A', 10, 11)], short: 0 },
    { need: 3, already: 0, ranges: [seq(1, 'A', 10, 12)], short: 0 },
    { need: 5, already: 0, ranges: [seq(1, 'A', 10, 12), seq(1, 'A', 20, 21)], short: 0 },
    { need: 15, already: 0, ranges: [seq(1, 'A', 10, 12), seq(1, 'A', 20, 29), seq(2, 'B', 1, 2)], short: 0 },
    { need: 5, already: 5, ranges: [], short: 0 },
    { need: 5, already: 9, ranges: [], short: 0 },
    { need: 6, already: 4, ranges: [seq(1, 'A', 10, 11)], short: 0 },
    { need: 120, already: 0, ranges: [seq(1, 'A', 10, 12), seq(1, 'A', 20, 29), seq(2, 'B', 1, 100)], short: 7 },
  ])('need $need with $already already on the invoice', ({ need, already, ranges, short }) => {
    const r = autoAssign(need, sequences, already);
    expect(r.ranges).toEqual(ranges);
    expect(r.short).toBe(short);
    expect(r.added + r.already + r.short).toBe(Math.max(need, already));
  });

  it('skips numbers already in the builder and merges adjacent pieces', () => {
    const r = autoAssign(6, [seq(1, 'A', 1, 10)], [{ roll_id: 1, from: 3, to: 4 }]);
    expect(r.already).toBe(2);
    expect(r.ranges).toEqual([seq(1, 'A', 1, 2), seq(1, 'A', 5, 6)]);
    const other = autoAssign(2, [seq(1, 'A', 1, 10)], [{ roll_id: 2, from: 1, to: 1 }]);
    expect(other.ranges).toEqual([seq(1, 'A', 1, 1)]);
  });

  it('never hands out a number twice', () => {
    const r = autoAssign(40, [seq(1, 'A', 1, 30), seq(1, 'A', 31, 60)], [{ roll_id: 1, from: 5, to: 25 }]);
    const numbers = r.ranges.flatMap((x) => Array.from({ length: x.count }, (_, i) => x.from + i));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.filter((n) => n >= 5 && n <= 25)).toEqual([]);
    expect(numbers).toHaveLength(19);
  });
});

describe('notices, overlap and builder bounds', () => {
  it.each([
    [5, 5, 'ok', 0],
    [5, 3, 'needed', 2],
    [5, 8, 'extra', 3],
    [0, 1, 'extra', 1],
  ])('need %i assigned %i', (need, assigned, kind, count) => {
    const n = stampNotice(need, assigned);
    expect(n.kind).toBe(kind);
    expect(n.count).toBe(count);
  });
  it('words the notices', () => {
    expect(stampNotice(5, 3).message).toBe('2 more stamps needed for the liquor on this invoice');
    expect(stampNotice(1, 2).message).toBe('1 extra stamp assigned: this invoice needs 1 stamp');
  });

  it.each([
    [{ roll_id: 1, from: 5, to: 9 }, true],
    [{ roll_id: 1, from: 10, to: 12 }, true],
    [{ roll_id: 1, from: 11, to: 19 }, false],
    [{ roll_id: 2, from: 1, to: 100 }, false],
    [{ roll_id: 1, from: 20, to: 20 }, true],
  ])('overlap %o: %s', (range, overlaps) => {
    const existing = [
      { roll_id: 1, from: 1, to: 10 },
      { roll_id: 1, from: 20, to: 25 },
    ];
    expect(!!findOverlap(range, existing)).toBe(overlaps);
  });

  const bounds = { firstAvailable: 100, lastAvailable: 200 };
  it.each([
    [{ start: 100, end: 200 }, {}],
    [{ start: 99, end: 120 }, { start: STAMP_MSG.startBelowFirst(100) }],
    [
      { start: 201, end: 201 },
      { start: STAMP_MSG.startAboveLast(200), end: STAMP_MSG.endAboveLast(200) },
    ],
    [{ start: 150, end: 149 }, { end: STAMP_MSG.endBelowStart }],
    [{ start: 150, end: 201 }, { end: STAMP_MSG.endAboveLast(200) }],
    [{ start: 150, end: null }, {}],
  ])('builder %o', (range, errors) => {
    expect(builderRangeErrors(range, bounds)).toEqual(errors);
  });

  it.each([
    [{ start: 1, end: 1 }, true],
    [{ start: 0, end: 1 }, false],
    [{ start: 5, end: 4 }, false],
    [{ start: null, end: 4 }, false],
    [{ start: 5, end: undefined }, false],
  ])('Add enabled for %o: %s', (range, ok) => {
    expect(canAddRange(range)).toBe(ok);
  });
});
