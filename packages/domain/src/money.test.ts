import { describe, expect, it } from 'vitest';
import { centsToString, formatMoney, invoiceTotals, roundMoney, taxCents, toCents } from './money.js';

describe('toCents', () => {
  it.each([
    ['19.99', 1999],
    [19.99, 1999],
    ['0.01', 1],
    ['1.005', 101],
    ['1.004', 100],
    ['-2.50', -250],
    ['12', 1200],
    ['', 0],
    [0.1 + 0.2, 30],
  ])('%s -> %i', (input, cents) => {
    expect(toCents(input as string | number)).toBe(cents);
  });
  it('refuses text that is not an amount', () => {
    expect(() => toCents('12,50')).toThrow();
  });
});

describe('tax and totals', () => {
  it.each([
    [10000, 8.25, 825],
    [1999, 8.25, 165], // 164.9175 -> 165
    [1, 8.25, 0],
    [6, 8.25, 0], // 0.495 -> 0
    [7, 8.25, 1], // 0.5775 -> 1
    [12345, 0, 0],
    [12345, 100, 12345],
  ])('tax on %i cents at %s%% is %i', (taxable, rate, tax) => {
    expect(taxCents(taxable, rate)).toBe(tax);
  });

  it('taxes only taxable items, on their subtotal', () => {
    const t = invoiceTotals(
      [
        { qty: 3, price: '18.99', taxable: true },
        { qty: 2, price: '29.99', taxable: false },
        { qty: 1, price: '0.01', taxable: true },
      ],
      8.25,
    );
    expect(t).toEqual({ sub_total: 116.96, tax_total: 4.7, total: 121.66 });
  });

  it('adds many small lines exactly', () => {
    const lines = Array.from({ length: 1000 }, () => ({ qty: 1, price: '0.10', taxable: false }));
    expect(invoiceTotals(lines, 8.25).total).toBe(100);
  });
});

describe('formatting', () => {
  it('formats dollars with thousands separators', () => {
    expect(formatMoney(1234567.5)).toBe('$1,234,567.50');
    expect(formatMoney('-3.1')).toBe('-$3.10');
    expect(centsToString(5)).toBe('0.05');
    expect(roundMoney('2.675')).toBe(2.68);
  });
});
