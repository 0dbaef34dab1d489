import { describe, expect, it } from 'vitest';
import type { Cart } from './shop-api';
import { withAdded, withNote, withQty } from './shop-cart-model';

const cart: Cart = {
  note: 'back door',
  sub_total: 30,
  tax_total: 2.48,
  total: 32.48,
  tax_rate: 8.25,
  show_prices: true,
  skipped: [],
  items: [1, 2].map((id) => ({
    product_id: id,
    qty: 3 - id,
    product: { id, product: `P${id}`, product_type: 'LIQUOR', product_size: '750ML', upc: null },
    price: 10,
    total: 10 * (3 - id),
    stock_status: null,
    max_qty: null,
  })),
};

describe('cart body', () => {
  it('adds a new product at the end and keeps the note', () => {
    expect(withAdded(cart, 3, 4)).toEqual({
      note: 'back door',
      items: [
        { product_id: 1, qty: 2 },
        { product_id: 2, qty: 1 },
        { product_id: 3, qty: 4 },
      ],
    });
  });
  it('adds to a line already in the cart', () => {
    expect(withAdded(cart, 1, 3).items[0]).toEqual({ product_id: 1, qty: 5 });
  });
  it('removes a line set to 0', () => {
    expect(withQty(cart, 1, 0).items).toEqual([{ product_id: 2, qty: 1 }]);
  });
  it('keeps a quantity within 1..9999 and whole', () => {
    expect(withQty(cart, 2, 12000).items[1].qty).toBe(9999);
    expect(withQty(cart, 2, 2.7).items[1].qty).toBe(2);
  });
  it('changes the note and keeps the lines', () => {
    expect(withNote(cart, 'front')).toEqual({
      note: 'front',
      items: [
        { product_id: 1, qty: 2 },
        { product_id: 2, qty: 1 },
      ],
    });
  });
  it('starts from an empty cart', () => {
    expect(withAdded(undefined, 7, 1)).toEqual({ note: '', items: [{ product_id: 7, qty: 1 }] });
  });
});
