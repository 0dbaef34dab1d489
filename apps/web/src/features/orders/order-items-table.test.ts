import { describe, expect, it } from 'vitest';
import type { OrderItemView } from './api';
import { productName } from './order-items-table';

const item = (product: OrderItemView['product']): OrderItemView => ({
  id: 1,
  product_id: product?.id ?? null,
  ydk_product_id: null,
  ydk_product: null,
  product,
  qty: 2,
  price: 10,
  total: 20,
  is_rejected: false,
  rejection_note: null,
  is_added: false,
  previous_qty: null,
  new_qty: null,
  qty_change_note: null,
  previous_price: null,
  new_price: null,
  price_change_note: null,
  invoice_id: null,
});
const titos = {
  id: 7,
  product: "TITO'S HANDMADE VODKA",
  product_type: 'LIQUOR',
  product_size: '750ML',
  upc: null,
  internal_sku: 'LS-0001',
  archived: false,
};

describe('order line product name', () => {
  it("says 'DELETED PRODUCT' when the product is gone", () => {
    expect(productName(item(null), true)).toBe('DELETED PRODUCT');
  });
  it('puts the internal SKU first only when that feature is on', () => {
    expect(productName(item(titos), true)).toBe("LS-0001 - TITO'S HANDMADE VODKA 750ML");
    expect(productName(item(titos), false)).toBe("TITO'S HANDMADE VODKA 750ML");
  });
});
