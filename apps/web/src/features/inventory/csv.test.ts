import type { HistoryRow, InventoryItem } from '@dbo/domain/inventory';
import { describe, expect, it } from 'vitest';
import { HISTORY_CSV_HEADERS, INVENTORY_CSV_HEADERS, historyCsv, inventoryCsv } from './csv';

const item: InventoryItem = {
  id: 1,
  product_id: 7,
  qty: 4,
  distributor: 'Republic, National',
  reorder_level: 6,
  reorder_qty: 24,
  reorder_time_in_days: 7,
  reorder_needed: true,
  value: 63.2,
  days_of_cover: 12.5,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  product: {
    id: 7,
    product: 'BECKER CABERNET',
    product_type: 'WINE',
    product_size: '750ML',
    upc: '089046000113',
    internal_sku: null,
    last_purchase_price: 15.8,
  },
};

describe('inventoryCsv', () => {
  it('writes the headers, one line per item with quoted commas, and the total value', () => {
    const lines = inventoryCsv([item], 63.2).trim().split('\n');
    expect(lines[0]).toBe(INVENTORY_CSV_HEADERS.join(','));
    expect(lines[1]).toBe(
      'BECKER CABERNET,Wine,750ML,089046000113,,4,"Republic, National",6,24,7,Yes,12.5,15.80,63.20',
    );
    expect(lines[2]).toBe('Total value,,,,,,,,,,,,,63.20');
  });

  it('writes a formula-looking cell as text', () => {
    const hostile = { ...item, distributor: '=HYPERLINK("x")', product: { ...item.product, product: '@SUM(A1)' } };
    const [, line] = inventoryCsv([hostile], 63.2).trim().split('\n');
    expect(line).toContain("'@SUM(A1),");
    expect(line).toContain(`,"'=HYPERLINK(""x"")",`);
  });
});

describe('historyCsv', () => {
  it('writes signed changes and yes/no on deal', () => {
    const row: HistoryRow = {
      id: 1,
      created_at: '2026-01-02T16:30:00Z',
      inventory_id: 1,
      product_id: 7,
      product: 'BECKER CABERNET',
      product_size: '750ML',
      qty: 12,
      source: 'restock',
      ref_number: 'PO-1',
      invoice_id: null,
      unit_price: 15.5,
      on_deal: true,
      user: 'Dana',
    };
    const lines = historyCsv([row, { ...row, qty: -2, on_deal: false }])
      .trim()
      .split('\n');
    expect(lines[0]).toBe(HISTORY_CSV_HEADERS.join(','));
    expect(lines[1]).toMatch(/,BECKER CABERNET,750ML,\+12,restock,PO-1,15\.50,Yes,Dana$/);
    expect(lines[2]).toMatch(/,-2,restock,PO-1,15\.50,No,Dana$/);
  });
});
