import { describe, expect, it } from 'vitest';
import { addDays, todayInTexas } from './dates.js';
import {
  INVOICE_MSG,
  displayNumber,
  duplicateFingerprint,
  dueDateOk,
  invoiceDateOk,
  invoiceRequestSchema,
  isBeerInvoice,
  isBelowCost,
  isStatusOnlyChange,
  isTypeMismatch,
  parseInvoiceRef,
  stampsNeeded,
  stockLevel,
} from './invoice.js';
import { LIMITS, PRIMITIVE_MSG } from './primitives.js';

const today = todayInTexas();
const base = { customer: { id: 1 }, items: [{ product_id: 2, qty: 1, price: 9.99 }] };
const messages = (v: unknown) => {
  const r = invoiceRequestSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('invoice request schema', () => {
  it('takes an ISO timestamp as its day in Texas', () => {
    expect(invoiceRequestSchema.parse({ ...base, invoiced_at: '2026-03-10T03:00:00.000Z' }).invoiced_at).toBe(
      '2026-03-09',
    );
    expect(messages({ ...base, invoiced_at: '2026-02-30' })).toContain(INVOICE_MSG.invoiceDateInvalid);
    expect(messages({ ...base, invoiced_at: 'yesterday' })).toContain(INVOICE_MSG.invoiceDateInvalid);
  });

  it('accepts a minimal invoice and fills defaults', () => {
    const v = invoiceRequestSchema.parse(base);
    expect(v.items[0]).toEqual({
      product_id: 2,
      qty: 1,
      price: 9.99,
      taxable: true,
      on_deal: false,
      scanned: false,
      qty_change_note: null,
      price_change_note: null,
    });
    expect(v.stamps).toEqual([]);
    expect(v.note).toBe('');
    expect(v.force).toBe(false);
  });

  it('takes the invoice note and the company note trimmed, as every other note, and null as none', () => {
    const v = invoiceRequestSchema.parse({
      ...base,
      note: '  Deliver to the back door \n',
      company_note: '\tRoute 4 ',
    });
    expect(v).toMatchObject({ note: 'Deliver to the back door', company_note: 'Route 4' });
    expect(invoiceRequestSchema.parse({ ...base, note: null, company_note: '   ' })).toMatchObject({
      note: '',
      company_note: '',
    });
    expect(messages({ ...base, company_note: 'a\u0000b' })).toContain(PRIMITIVE_MSG.nul);
  });

  it('takes per-line change notes trimmed, blank as none, and refuses NUL or over-long ones', () => {
    const item = (extra: object) => ({ ...base, items: [{ product_id: 2, qty: 1, price: 1, ...extra }] });
    const v = invoiceRequestSchema.parse(item({ qty_change_note: '  Short  ', price_change_note: '   ' }));
    expect(v.items[0]).toMatchObject({ qty_change_note: 'Short', price_change_note: null });
    expect(invoiceRequestSchema.parse(item({ qty_change_note: null })).items[0].qty_change_note).toBeNull();
    expect(messages(item({ qty_change_note: 'a\u0000b' }))).toContain(PRIMITIVE_MSG.nul);
    expect(messages(item({ price_change_note: 'x'.repeat(LIMITS.longText + 1) }))).toContain(
      PRIMITIVE_MSG.tooLong('Price change note', LIMITS.longText),
    );
  });

  it.each([
    ['no customer', { items: base.items }, INVOICE_MSG.customerRequired],
    ['no items', { customer: { id: 1 }, items: [] }, INVOICE_MSG.itemsRequired],
    ['fractional qty', { ...base, items: [{ product_id: 2, qty: 1.5, price: 1 }] }, INVOICE_MSG.qtyInteger],
    ['text qty', { ...base, items: [{ product_id: 2, qty: 'abc', price: 1 }] }, INVOICE_MSG.qtyInteger],
    ['negative price', { ...base, items: [{ product_id: 2, qty: 1, price: -0.01 }] }, INVOICE_MSG.priceMin],
    ['invoice date 11 days ahead', { ...base, invoiced_at: addDays(today, 11) }, INVOICE_MSG.invoiceDateTooFar],
    ['due date 31 days ahead', { ...base, due_at: addDays(today, 31) }, INVOICE_MSG.dueDateTooFar],
    ['bad status', { ...base, status: 'shipped' }, INVOICE_MSG.statusInvalid],
    ['bad stamp range', { ...base, stamps: [{ roll_id: 1, from: 10, to: 9 }] }, INVOICE_MSG.stampRange],
  ])('refuses %s', (_name, body, message) => {
    expect(messages(body)).toContain(message);
  });

  it.each([
    ['empty qty is 0', { ...base, items: [{ product_id: 2, qty: '', price: 1 }] }],
    ['negative qty (return)', { ...base, items: [{ product_id: 2, qty: -2, price: 1 }] }],
    ['price 0', { ...base, items: [{ product_id: 2, qty: 1, price: 0 }] }],
    ['invoice date 10 days ahead', { ...base, invoiced_at: addDays(today, 10) }],
    ['due date 30 days ahead', { ...base, due_at: addDays(today, 30) }],
    ['due date null', { ...base, due_at: null }],
    ['an ISO timestamp as invoice date', { ...base, invoiced_at: new Date().toISOString() }],
  ])('accepts %s', (_name, body) => {
    expect(messages(body)).toEqual([]);
  });
});

describe('date limits', () => {
  it.each([
    [0, true, true],
    [10, true, true],
    [11, false, true],
    [30, false, true],
    [31, false, false],
    [-400, true, true],
  ])('%i days ahead: invoice %s, due %s', (days, inv, due) => {
    expect(invoiceDateOk(addDays(today, days))).toBe(inv);
    expect(dueDateOk(addDays(today, days))).toBe(due);
  });
});

describe('stock level', () => {
  it.each([
    // stock, qty, reorder level, level, marker
    [100, 10, 5, 'OK', false],
    [20, 10, 10, 'LOW', false],
    [20, 9, 10, 'OK', false],
    [10, 10, 2, 'ZERO', false],
    [5, 6, 2, 'NEGATIVE', false],
    [0, 1, 0, 'NEGATIVE', false],
    [15, 1, 8, 'OK', true],
    [16, 1, 8, 'OK', false],
    [7, 1, null, 'OK', false],
  ] as const)('stock %i qty %i reorder %s -> %s', (stock, qty, reorder, level, marker) => {
    expect(stockLevel(stock, qty, reorder)).toEqual({ level, lowStockMarker: marker });
  });
});

describe('product type rules', () => {
  it.each([
    [['LIQUOR', 'BEER'], false, true],
    [['WINE', 'BEER'], false, true],
    [['LIQUOR', 'BEER'], true, false],
    [['LIQUOR', 'WINE', 'N/A'], false, false],
    [['BEER', 'N/A'], false, false],
  ])('%j cod=%s mismatch=%s', (types, cod, mismatch) => {
    expect(isTypeMismatch(types, cod)).toBe(mismatch);
  });

  it.each([
    [['BEER'], true],
    [['BEER', 'N/A'], true],
    [['BEER', 'LIQUOR'], false],
    [['N/A'], false],
    [['WINE'], false],
  ])('%j beer invoice=%s', (types, beer) => {
    expect(isBeerInvoice(types)).toBe(beer);
  });

  it('counts stamps for liquor items with positive quantity only', () => {
    expect(
      stampsNeeded([
        { product_type: 'LIQUOR', qty: 3 },
        { product_type: 'LIQUOR', qty: -2 },
        { product_type: 'WINE', qty: 5 },
        { product_type: 'LIQUOR', qty: 4 },
      ]),
    ).toBe(7);
  });

  it('flags a price below the last purchase price', () => {
    expect(isBelowCost('9.99', '10.00')).toBe(true);
    expect(isBelowCost(10, '10.00')).toBe(false);
    expect(isBelowCost(1, null)).toBe(false);
  });
});

describe('numbers', () => {
  it.each([
    [{ number: 1001, beer: false, customer_id: 7 }, false, '1001'],
    [{ number: 1001, beer: true, customer_id: 7 }, false, '1001B'],
    [{ number: 1001, beer: false, customer_id: 7 }, true, '7-1001'],
    [{ number: 1001, beer: true, customer_id: 7 }, true, '7-1001B'],
  ])('%j numbering=%s -> %s', (inv, customerNumbering, shown) => {
    expect(displayNumber(inv, customerNumbering)).toBe(shown);
  });

  it.each([
    ['1001', { number: 1001, beer: false }],
    ['1001B', { number: 1001, beer: true }],
    ['1001b', { number: 1001, beer: true }],
    ['7-1001B', { number: 1001, beer: true, customerId: 7 }],
    ['abc', null],
    ['1001C', null],
    ['99999999999', null],
  ])('parses %s', (ref, parsed) => {
    expect(parseInvoiceRef(ref)).toEqual(parsed);
  });
});

describe('duplicates and status-only changes', () => {
  it('fingerprints customer, products and quantities regardless of order', () => {
    const a = duplicateFingerprint(1, [
      { product_id: 5, qty: 2 },
      { product_id: 3, qty: 1 },
    ]);
    const b = duplicateFingerprint(1, [
      { product_id: 3, qty: 1 },
      { product_id: 5, qty: 2 },
    ]);
    expect(a).toBe(b);
    expect(a).not.toBe(
      duplicateFingerprint(2, [
        { product_id: 3, qty: 1 },
        { product_id: 5, qty: 2 },
      ]),
    );
    expect(a).not.toBe(
      duplicateFingerprint(1, [
        { product_id: 3, qty: 1 },
        { product_id: 5, qty: 3 },
      ]),
    );
  });

  it.each([
    [{ status: 'paid' }, true],
    [{ due_at: '2026-01-01' }, true],
    [{ status: 'paid', items: [] }, false],
    [{}, false],
  ])('%j status-only=%s', (body, only) => {
    expect(isStatusOnlyChange(body)).toBe(only);
  });
});
