import { describe, expect, it } from 'vitest';
import { centsToString, decimalCents, formatMoney, invoiceTotals, roundMoney, taxCents, toCents } from './money.js';

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
    expect(() => toCents(Number.NaN)).toThrow();
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow();
  });
  it('takes a number of whole cents the short way to the same cents as its decimal text', () => {
    const wrong: unknown[] = [];
    for (let cents = -300_000; cents <= 300_000; cents++) {
      const n = cents / 100;
      if (toCents(n) !== cents || toCents(n * 3) !== cents * 3) wrong.push(n);
    }
    // sums, products and amounts with 3 to 8 decimals: the short way agrees or steps aside
    let seed = 37;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 200_000; i++) {
      const scale = 10 ** Math.floor(rand() * 7);
      const n =
        [
          Math.round(rand() * 1e6) / 1000,
          Math.round(rand() * 1e8) / 10 ** (3 + Math.floor(rand() * 6)),
          (Math.round(rand() * 1e5) / 100) * Math.floor(rand() * 50),
          0.1 * Math.floor(rand() * 1000) + 0.2,
          rand() * scale,
          Math.round(rand() * 1e4) / 100 + 0.005,
        ][i % 6] * (rand() < 0.2 ? -1 : 1);
      if (toCents(n) !== decimalCents(n)) wrong.push(n);
    }
    expect(wrong).toEqual([]);
    expect(Object.is(toCents(-0), 0)).toBe(true);
    expect(toCents(1e15)).toBe(decimalCents(1e15));
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
    for (const n of [0, 0.5, 9.99, 999, 1000, 12345.67, 100000, 999999.99, 1e6, 123456789012.34, -1000.01])
      expect(formatMoney(n)).toBe(
        `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      );
    expect(formatMoney('-3.1')).toBe('-$3.10');
    expect(centsToString(5)).toBe('0.05');
    expect(roundMoney('2.675')).toBe(2.68);
  });
});
