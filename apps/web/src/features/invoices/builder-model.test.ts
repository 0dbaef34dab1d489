import { describe, expect, it } from 'vitest';
import { itemFromProduct, itemsFromInvoice, toPayload } from './builder-model';
import { statsRange } from './dashboard-widgets';
import type { InvoiceDraft } from './api';

const product = {
  id: 7,
  product: "TITO'S HANDMADE VODKA",
  product_type: 'LIQUOR',
  product_size: '750ML',
  product_price: 18.99,
  last_purchase_price: 14.25,
  price: 17.5,
  stock: 4,
  reorder_level: 6,
};

describe('builder model', () => {
  it('adds a product at quantity 1 with the price resolved for the customer', () => {
    const it1 = itemFromProduct(product, true);
    expect(it1).toMatchObject({ product_id: 7, qty: 1, price: 17.5, scanned: true, taxable: true, stock: 4 });
  });

  it('judges a saved line against the stock before the invoice took it; a copy uses the stock left', () => {
    const inv: InvoiceDraft = {
      id: 11,
      number: 1001,
      beer: false,
      customer_id: 3,
      status: 'invoiced',
      stamps: [],
      note: '',
      company_note: '',
      logo_id: null,
      invoiced_at: '2026-01-05',
      due_at: null,
      sub_total: 56.97,
      tax_total: 0,
      total: 56.97,
      items: [
        {
          product_id: 7,
          product: product,
          product_name: product.product,
          product_type: 'LIQUOR',
          product_size: '750ML',
          qty: 3,
          price: 18.99,
          taxable: true,
          on_deal: false,
          scanned: true,
          position: 0,
          stock: { qty: 2, reorder_level: 6, level: 'OK', lowStockMarker: true },
        },
      ],
    };
    expect(itemsFromInvoice(inv, 'edit')[0]).toMatchObject({ stock: 5, scanned: true, qty: 3 });
    expect(itemsFromInvoice(inv, 'copy')[0]).toMatchObject({ stock: 2, scanned: false });
  });

  it('sends the API contract, with force only when asked', () => {
    // the header fields go through as they are
    const header = {
      note: 'n',
      company_note: 'c',
      status: 'draft',
      invoiced_at: '2026-11-21',
      due_at: null,
      logo_id: null,
    } as const;
    const payload = toPayload(
      {
        customerId: 3,
        items: [itemFromProduct(product)],
        ranges: [{ key: 'a', roll_id: 1, prefix: 'A', from: 10, to: 12 }],
        ...header,
      },
      true,
    );
    expect(payload).toEqual({
      customer: { id: 3 },
      items: [{ product_id: 7, qty: 1, price: 17.5, taxable: true, on_deal: false, scanned: false }],
      stamps: [{ roll_id: 1, from: 10, to: 12 }],
      ...header,
      force: true,
    });
  });
});

describe('stats ranges', () => {
  it.each([
    ['This Month', '2026-11-21', '2026-11-01', '2026-11-30'],
    ['Last Month', '2026-11-21', '2026-10-01', '2026-10-31'],
    ['Last Month', '2026-01-15', '2025-12-01', '2025-12-31'],
    ['Last 3 Months', '2026-02-10', '2025-12-01', '2026-02-10'],
    ['This Month', '2028-02-03', '2028-02-01', '2028-02-29'],
  ] as const)('%s on %s is %s..%s', (range, today, from, to) => {
    expect(statsRange(range, today)).toEqual({ from, to });
  });
});
