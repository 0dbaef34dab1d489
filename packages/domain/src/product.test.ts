import { describe, expect, it } from 'vitest';
import { isUpcQuery, normalizeProductType, PRODUCT_MSG, productCreateSchema, searchTerms } from './product.js';

const valid = { product: "  tito's vodka ", product_type: 'liquor', product_size: ' 750ml', product_price: '18.99' };

describe('productCreateSchema', () => {
  it('trims and upper-cases name, type and size, and defaults the rest', () => {
    expect(productCreateSchema.parse(valid)).toEqual({
      product: "TITO'S VODKA",
      product_type: 'LIQUOR',
      product_size: '750ML',
      product_price: 18.99,
      last_purchase_price: 0,
      upc: null,
      internal_sku: null,
      distributor: null,
      reorder_level: null,
      reorder_qty: null,
      reorder_time_in_days: null,
      archived: false,
      effective_date: undefined,
    });
  });
  it.each([
    ['DS', 'LIQUOR'],
    ['w', 'WINE'],
    ['B', 'BEER'],
    ['n', 'N/A'],
    ['n/a', 'N/A'],
  ])('type code %s is %s', (code, type) => {
    expect(normalizeProductType(code)).toBe(type);
    expect(productCreateSchema.parse({ ...valid, product_type: code }).product_type).toBe(type);
  });
  it.each([
    [{ product: ' ' }, PRODUCT_MSG.product],
    [{ product: undefined }, PRODUCT_MSG.product],
    [{ product_type: '' }, PRODUCT_MSG.productType],
    [{ product_type: 'SPIRITS' }, PRODUCT_MSG.productTypeOneOf],
    [{ product_size: '' }, PRODUCT_MSG.productSize],
    [{ product_price: 0 }, PRODUCT_MSG.productPrice],
    [{ product_price: '0.001' }, PRODUCT_MSG.productPrice],
    [{ product_price: undefined }, PRODUCT_MSG.productPrice],
    [{ product_price: 'abc' }, PRODUCT_MSG.productPrice],
    [{ last_purchase_price: -1 }, PRODUCT_MSG.lastPurchasePrice],
    [{ reorder_level: 1.5 }, PRODUCT_MSG.reorderLevel],
    [{ reorder_qty: -1 }, PRODUCT_MSG.reorderQty],
    [{ effective_date: 'soon' }, PRODUCT_MSG.effectiveDateFormat],
  ])('%j is refused', (patch, message) => {
    const r = productCreateSchema.safeParse({ ...valid, ...patch });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(message);
  });
  it('accepts the minimum unit price and a zero purchase price', () => {
    const v = productCreateSchema.parse({ ...valid, product_price: '0.01', last_purchase_price: '0' });
    expect([v.product_price, v.last_purchase_price]).toEqual([0.01, 0]);
  });
});

describe('search helpers', () => {
  it.each([
    ['619947000013', true],
    ['123456', true],
    ['12345', false],
    ['tito', false],
    ['12345a', false],
  ])('isUpcQuery(%s) = %s', (q, upc) => expect(isUpcQuery(q)).toBe(upc));
  it('splits a query into safe prefix words', () => {
    expect(searchTerms("Tito's  750ml & | !")).toEqual(['tito', 's', '750ml']);
  });
});
