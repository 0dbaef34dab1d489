/**
 * An order's totals and its items summary, without zod: the customers' shop (apps/web, issue 34)
 * loads these on a phone without the schemas of order.ts, which re-exports them.
 */
import { invoiceTotals } from './money.js';

/** 'N units of M items' for the grid's Items column. */
export function itemsSummary(units: number, items: number): string {
  return `${units} unit${units === 1 ? '' : 's'} of ${items} item${items === 1 ? '' : 's'}`;
}

/**
 * An order's subtotal, tax and total by the invoice's own rule (invoiceTotals; an invoice made from
 * an order has every line taxable at the company's rate), so a cart invoiced unchanged has the same
 * total to the cent.
 */
export function orderTotals(lines: readonly { qty: number; price: number | string }[], taxRate: number | string) {
  return invoiceTotals(
    lines.map((l) => ({ qty: l.qty, price: l.price, taxable: true })),
    taxRate,
  );
}
