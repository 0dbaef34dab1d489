import { describe, expect, it } from 'vitest';
import { cartRequest, placeOrderRequest, stockStatus } from './customer-app.js';
import {
  canTransition,
  isModifiedItem,
  itemsSummary,
  ORDER_MSG,
  orderLineInput,
  orderStatusChangeSchema,
} from './order.js';

describe('order status transitions (spec 2 section 4)', () => {
  it.each([
    ['placed', 'cancelled', true],
    ['placed', 'rejected', true],
    ['placed', 'invoiced', false],
    ['rejected', 'placed', false],
    ['cancelled', 'placed', false],
    ['invoiced', 'cancelled', false],
    ['partially_invoiced', 'rejected', false],
  ] as const)('%s -> %s is %s', (from, to, ok) => expect(canTransition(from, to)).toBe(ok));
});

describe('itemsSummary', () => {
  it.each([
    [1, 1, '1 unit of 1 item'],
    [5, 2, '5 units of 2 items'],
    [0, 0, '0 units of 0 items'],
  ])('%i units of %i items', (units, items, text) => expect(itemsSummary(units, items)).toBe(text));
});

describe('stockStatus', () => {
  it.each([
    [0, 5, 'out_of_stock'],
    [-2, 5, 'out_of_stock'],
    [5, 5, 'low'],
    [6, 5, 'in_stock'],
    [1, null, 'in_stock'],
  ] as const)('qty %i reorder %s is %s', (qty, level, status) => expect(stockStatus(qty, level)).toBe(status));
});

describe('order line input', () => {
  it.each([0, -1, 1.5, 10000, 'abc', null])('refuses qty %s with the quantity message', (qty) => {
    const r = orderLineInput.safeParse({ product_id: 1, qty });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(ORDER_MSG.qty);
  });

  it('accepts 1 and 9999 (and numeric strings)', () => {
    expect(orderLineInput.parse({ product_id: '7', qty: '9999' })).toEqual({ product_id: 7, qty: 9999 });
    expect(orderLineInput.parse({ product_id: 7, qty: 1 }).qty).toBe(1);
  });

  it('refuses a product id past int4', () => {
    expect(orderLineInput.safeParse({ product_id: 2 ** 31, qty: 1 }).success).toBe(false);
  });
});

describe('cart and order requests', () => {
  it('refuses the same product twice', () => {
    const r = cartRequest.safeParse({
      items: [
        { product_id: 1, qty: 1 },
        { product_id: 1, qty: 2 },
      ],
    });
    expect(r.error?.issues[0].message).toBe(ORDER_MSG.duplicateProduct);
  });

  it('takes no body or no items as "place the cart"', () => {
    expect(placeOrderRequest.parse(undefined)).toBeUndefined();
    expect(placeOrderRequest.parse({})).toEqual({});
  });

  it('refuses an empty item list', () => {
    expect(placeOrderRequest.safeParse({ items: [] }).error?.issues[0].message).toBe(ORDER_MSG.empty);
  });

  it('refuses a note past 5000 characters', () => {
    expect(cartRequest.safeParse({ items: [], note: 'x'.repeat(5001) }).success).toBe(false);
  });

  it('refuses an unknown status', () => {
    expect(orderStatusChangeSchema.safeParse({ status: 'shipped' }).error?.issues[0].message).toBe(
      ORDER_MSG.statusInvalid,
    );
  });
});

describe('isModifiedItem', () => {
  const base = { is_added: false, is_rejected: false, previous_qty: null, previous_price: null };
  it.each([
    [base, false],
    [{ ...base, is_added: true }, true],
    [{ ...base, is_rejected: true }, true],
    [{ ...base, previous_qty: 2 }, true],
    [{ ...base, previous_price: 4.5 }, true],
  ])('%o -> %s', (item, modified) => expect(isModifiedItem(item)).toBe(modified));
});
