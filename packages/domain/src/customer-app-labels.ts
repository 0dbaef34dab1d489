/**
 * The customer app's words without zod: the customers' shop (apps/web, issue 34) loads these on a
 * phone without the schemas of customer-app.ts, which re-exports them.
 */
export const BEING_PREPARED = 'Being prepared';

/** Catalogue stock status: never the count. */
export const STOCK_STATUSES = ['in_stock', 'low', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  in_stock: 'In stock',
  low: 'Low',
  out_of_stock: 'Out of stock',
};
