import { describe, expect, it } from 'vitest';
import {
  destroyKind,
  invoiceChange,
  isMonth,
  monthRange,
  onHandDelta,
  type RecordKind,
  recordEntries,
  recordRange,
  recordRangeIssue,
  reconcileRoll,
  STAMP_RECORD_MSG,
  serialRanges,
  serialRuns,
  serialText,
  stampMonthlyQuery,
  stampRecordQuery,
  withOnHand,
} from './stamp-record.js';
import { stampDestroyBodySchema } from './stamps.js';

describe('serialRuns: numbers to consecutive runs', () => {
  it.each([
    [[], []],
    [[5], [[5, 5]]],
    [[3, 1, 2], [[1, 3]]],
    [
      [1, 2, 4, 5, 7],
      [
        [1, 2],
        [4, 5],
        [7, 7],
      ],
    ],
    [[2, 2, 3, 3], [[2, 3]]],
    [
      [10, 8, 100, 9, 101],
      [
        [8, 10],
        [100, 101],
      ],
    ],
  ])('%j -> %j', (numbers, runs) => {
    expect(serialRuns(numbers).map((r) => [r.from, r.to])).toEqual(runs);
    expect(serialRuns(numbers).reduce((s, r) => s + r.count, 0)).toBe(new Set(numbers).size);
  });
});

describe('serialRanges and serialText', () => {
  it.each([
    [[], ''],
    [[{ roll_id: 1, prefix: 'A', number: 7 }], 'A7'],
    [
      [
        { roll_id: 1, prefix: 'A', number: 1 },
        { roll_id: 1, prefix: 'A', number: 2 },
        { roll_id: 1, prefix: 'A', number: 4 },
      ],
      'A1-A2, A4',
    ],
    // two rolls: by prefix, each compressed apart (B1 and A2 are not one run)
    [
      [
        { roll_id: 2, prefix: 'B', number: 1 },
        { roll_id: 1, prefix: 'A', number: 2 },
        { roll_id: 1, prefix: 'A', number: 3 },
      ],
      'A2-A3, B1',
    ],
    // no prefix
    [
      [
        { roll_id: 3, prefix: '', number: 100 },
        { roll_id: 3, prefix: '', number: 101 },
      ],
      '100-101',
    ],
  ])('%j -> %s', (stamps, text) => {
    expect(serialText(serialRanges(stamps))).toBe(text);
  });
});

describe('invoiceChange: what one save did', () => {
  const r = (from: number, to: number, roll_id = 1) => ({ roll_id, from, to });
  it.each([
    ['a new invoice', [], [r(1, 3)], [], ['1:1', '1:2', '1:3']],
    ['a cancel', [r(1, 2)], [], ['1:1', '1:2'], []],
    ['an edit keeping some', [r(1, 5)], [r(1, 4), r(11, 12)], ['1:5'], ['1:11', '1:12']],
    ['an unchanged save', [r(1, 3)], [r(1, 3)], [], []],
    ['same numbers, another roll', [r(1, 1, 1)], [r(1, 1, 2)], ['1:1'], ['2:1']],
  ])('%s', (_name, before, after, returned, affixed) => {
    expect(invoiceChange(before, after)).toEqual({ returned, affixed });
  });
});

describe('running on-hand', () => {
  const l = (kind: RecordKind, quantity: number, date = '2026-03-01') => ({ date, kind, quantity, ranges: [] });
  it.each<[RecordKind, number]>([
    ['RECEIVED', 10],
    ['RETURNED', 10],
    ['RESTORED', 10],
    ['AFFIXED', -10],
    ['LOST', -10],
    ['STOLEN', -10],
    ['VOIDED', -10],
    ['DESTROYED', -10],
    ['REPLACEMENT', -10],
  ])('%s of 10 changes the stock by %d', (kind, delta) => {
    expect(onHandDelta(kind, 10)).toBe(delta);
  });

  it('adds the quantity on hand after each line from the opening one', () => {
    const lines = withOnHand(5, [
      l('RECEIVED', 80),
      l('AFFIXED', 12),
      l('RETURNED', 2),
      l('LOST', 1),
      l('RESTORED', 1),
    ]);
    expect(lines.map((x) => x.on_hand)).toEqual([85, 73, 75, 74, 75]);
    expect(withOnHand(7, [])).toEqual([]);
  });

  it('groups lines into one entry per date with its totals and closing stock', () => {
    const lines = withOnHand(0, [
      l('RECEIVED', 80, '2026-03-01'),
      l('AFFIXED', 5, '2026-03-01'),
      l('RETURNED', 2, '2026-03-04'),
      l('STOLEN', 3, '2026-03-04'),
      l('REPLACEMENT', 1, '2026-03-04'),
    ]);
    const entries = recordEntries(lines, 0);
    expect(entries.map(({ lines: _l, ...e }) => e)).toEqual([
      { date: '2026-03-01', received: 80, affixed: 5, returned: 0, removed: 0, on_hand: 75 },
      { date: '2026-03-04', received: 0, affixed: 0, returned: 2, removed: 4, on_hand: 73 },
    ]);
  });

  it.each([
    [null, 'DESTROYED'],
    ['lost', 'LOST'],
    ['replacement', 'REPLACEMENT'],
    ['received', 'DESTROYED'],
    ['nonsense', 'DESTROYED'],
  ])('destroy reason %s is a %s line', (reason, kind) => {
    expect(destroyKind(reason)).toBe(kind);
  });
});

describe('reconcileRoll', () => {
  it.each([
    ['a fresh roll', { size: 80, affixed: 0, destroyed: {}, on_hand: 80 }, 0, true],
    [
      'every reason counted',
      {
        size: 80,
        affixed: 10,
        destroyed: { lost: 1, stolen: 2, voided: 3, destroyed: 4, replacement: 5 },
        on_hand: 55,
      },
      0,
      true,
    ],
    ['a stamp missing', { size: 80, affixed: 10, destroyed: { lost: 1 }, on_hand: 68 }, 1, false],
    ['a stamp counted twice', { size: 80, affixed: 10, destroyed: {}, on_hand: 71 }, -1, false],
    [
      'log and ledger disagree though the sum holds',
      { size: 80, affixed: 10, destroyed: {}, on_hand: 70, ledger: { affixed: 9, destroyed: 1 } },
      0,
      false,
    ],
    [
      'log and ledger agree',
      { size: 80, affixed: 10, destroyed: { voided: 1 }, on_hand: 69, ledger: { affixed: 10, destroyed: 1 } },
      0,
      true,
    ],
  ])('%s', (_name, figures, difference, balanced) => {
    const r = reconcileRoll(figures);
    expect(r.difference).toBe(difference);
    expect(r.balanced).toBe(balanced);
    expect(r.accounted + r.difference).toBe(figures.size);
  });
});

describe('ranges and months', () => {
  it.each([
    ['2026-03-01', '2026-03-31', null],
    ['2026-03-02', '2026-03-01', STAMP_RECORD_MSG.order],
    ['2024-01-01', '2024-12-31', null], // 366 days, a leap year
    ['2025-01-01', '2026-01-01', null], // 366 days
    ['2025-01-01', '2026-01-02', STAMP_RECORD_MSG.tooLong],
    ['2026-02-30', '2026-03-01', null], // not a day: its own field says so
  ])('%s..%s -> %s', (from, to, issue) => {
    expect(recordRangeIssue(from, to)).toBe(issue);
  });

  it.each([
    ['2026-02', '2026-02-01', '2026-02-28'],
    ['2024-02', '2024-02-01', '2024-02-29'],
    ['2026-12', '2026-12-01', '2026-12-31'],
    ['2026-04', '2026-04-01', '2026-04-30'],
  ])('month %s is %s..%s', (month, from, to) => {
    expect(monthRange(month)).toEqual({ from, to });
    expect(isMonth(month)).toBe(true);
  });

  it.each(['2026-13', '2026-00', '26-01', '2026-1', '', 'x', '2026-01-01', '1800-01'])('%j is not a month', (v) => {
    expect(isMonth(v)).toBe(false);
  });

  it('defaults to the month so far', () => {
    expect(recordRange({}, '2026-11-23')).toEqual({ from: '2026-11-01', to: '2026-11-23' });
    expect(recordRange({ to: '2026-02-10' }, '2026-11-23')).toEqual({ from: '2026-02-01', to: '2026-02-10' });
  });

  it('parses the record and monthly queries with their messages', () => {
    expect(stampRecordQuery.parse({ from: '2026-01-01', to: '2026-01-31' }).format).toBe('json');
    const bad = stampRecordQuery.safeParse({ from: '2026-01-01', to: '2027-06-01' });
    expect(bad.success ? '' : bad.error.issues[0].message).toBe(STAMP_RECORD_MSG.tooLong);
    expect(stampMonthlyQuery.parse({ month: '2026-02', format: 'pdf' })).toEqual({ month: '2026-02', format: 'pdf' });
    const m = stampMonthlyQuery.safeParse({ month: '2026-13' });
    expect(m.success ? '' : m.error.issues[0].message).toBe(STAMP_RECORD_MSG.month);
  });
});

describe('destroy reasons on the destroy call', () => {
  const base = { roll_id: 1, from: 1, to: 2 };
  it.each([
    [{}, 'destroyed', ''],
    [{ reason: '' }, 'destroyed', ''],
    [{ reason: ' Lost ' }, 'lost', ''],
    [{ reason: 'replacement', replaces: ' a12 ' }, 'replacement', 'A12'],
  ])('%j -> %s', (extra, reason, replaces) => {
    expect(stampDestroyBodySchema.parse({ ...base, ...extra })).toMatchObject({ reason, replaces });
  });

  it.each([
    [{ reason: 'burnt' }, STAMP_RECORD_MSG.reason],
    [{ reason: 5 }, STAMP_RECORD_MSG.reason],
    [{ reason: 'replacement' }, STAMP_RECORD_MSG.replacesRequired],
    [{ reason: 'voided', replaces: 'A1' }, STAMP_RECORD_MSG.replacesOnlyForReplacement],
  ])('%j is refused', (extra, message) => {
    const r = stampDestroyBodySchema.safeParse({ ...base, ...extra });
    expect(r.success).toBe(false);
    expect(r.success ? '' : r.error.issues[0].message).toBe(message);
  });
});
