import { csvLine } from '@dbo/domain/csv';
import { productTypeLabel } from '@dbo/domain/constants';
import { formatDateTime } from '@dbo/domain/dates';
import type { HistoryRow, InventoryItem } from '@dbo/domain/inventory';

const money = (v: number | null) => (v === null ? '' : v.toFixed(2));

export const INVENTORY_CSV_HEADERS = [
  'Product',
  'Type',
  'Size',
  'UPC',
  'Internal SKU',
  'Qty',
  'Distributor',
  'Reorder Level',
  'Reorder Qty',
  'Reorder Time (days)',
  'Needs Reorder',
  'Days of Cover',
  'Last Purchase Price',
  'Value',
];

/** The inventory export: one line per item, then the total value of the filtered rows. */
export function inventoryCsv(rows: InventoryItem[], totalValue: number): string {
  const lines = [csvLine(INVENTORY_CSV_HEADERS)];
  for (const r of rows)
    lines.push(
      csvLine([
        r.product.product,
        productTypeLabel(r.product.product_type),
        r.product.product_size,
        r.product.upc,
        r.product.internal_sku,
        r.qty,
        r.distributor,
        r.reorder_level,
        r.reorder_qty,
        r.reorder_time_in_days,
        r.reorder_needed ? 'Yes' : 'No',
        r.days_of_cover,
        money(r.product.last_purchase_price),
        money(r.value),
      ]),
    );
  lines.push(csvLine(['Total value', '', '', '', '', '', '', '', '', '', '', '', '', money(totalValue)]));
  return `${lines.join('\n')}\n`;
}

export const HISTORY_CSV_HEADERS = [
  'Date',
  'Product',
  'Size',
  'Change',
  'Source',
  'Reference',
  'Unit Price',
  'On Deal',
  'User',
];

export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The inventory history export: one line per movement. */
export function historyCsv(rows: HistoryRow[]): string {
  const lines = [csvLine(HISTORY_CSV_HEADERS)];
  for (const r of rows)
    lines.push(
      csvLine([
        formatDateTime(r.created_at),
        r.product,
        r.product_size,
        signed(r.qty),
        r.source,
        r.ref_number,
        money(r.unit_price),
        r.on_deal ? 'Yes' : 'No',
        r.user,
      ]),
    );
  return `${lines.join('\n')}\n`;
}
