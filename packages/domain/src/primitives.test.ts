import { describe, expect, it } from 'vitest';
import { boundedInt, boundedText, calendarDay, dbId, LIMITS, moneyAmount, PRIMITIVE_MSG } from './primitives.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : [...new Set(r.error?.issues.map((i) => i.message))];

describe('bounded primitives', () => {
  it.each([
    ['a\u0000b', [PRIMITIVE_MSG.nul]],
    ['x'.repeat(256), [PRIMITIVE_MSG.tooLong('Name', 255)]],
    ['x'.repeat(255), []],
  ])('text %#', (value, expected) => {
    expect(messages(boundedText('Name').safeParse(value))).toEqual(expected);
  });

  it.each([
    ['1', true],
    [LIMITS.maxId, true],
    [2147483648, false],
    [0, false],
    [-1, false],
    [1.5, false],
    ['abc', false],
    ['99999999999999999999999', false],
  ])('id %s ok=%s', (value, ok) => {
    expect(dbId('Customer').safeParse(value).success).toBe(ok);
  });

  it.each([
    ['2024-02-29', []],
    ['2024-02-30', [PRIMITIVE_MSG.day('Date')]],
    ['garbage', [PRIMITIVE_MSG.day('Date')]],
    ['9999-99-99', [PRIMITIVE_MSG.day('Date')]],
    ['0000-01-01', [PRIMITIVE_MSG.dayRange('Date')]],
    ['2101-01-01', [PRIMITIVE_MSG.dayRange('Date')]],
    ['1900-01-01', []],
  ])('day %s', (value, expected) => {
    expect(messages(calendarDay('Date').safeParse(value))).toEqual(expected);
  });

  it('takes an ISO timestamp as its Texas day', () => {
    expect(calendarDay().parse('2024-03-01T03:00:00Z')).toBe('2024-02-29');
  });

  it.each([
    [1e10, false],
    [99999999.99, true],
    [-99999999.99, true],
    ['12.50', true],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ['abc', false],
  ])('money %s ok=%s', (value, ok) => {
    expect(moneyAmount().safeParse(value).success).toBe(ok);
  });

  it.each([
    [2147483648, false],
    [1.5, false],
    [5, true],
    ['7', true],
  ])('int %s ok=%s', (value, ok) => {
    expect(boundedInt('Qty', 1, 9999).safeParse(value).success).toBe(ok);
  });
});
