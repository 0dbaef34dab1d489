/**
 * Exports of the invoice grid: the CSV (summary or detailed) and the rows that modules above
 * invoices export (the fintech file). Same filters and sort as the grid, up to EXPORT_MAX_ROWS.
 */
import { INVOICE_STATUS_LABELS, type InvoiceStatus, productTypeLabel } from '@dbo/domain/constants';
import type { GridQuery } from '@dbo/domain/grid';
import { displayNumber } from '@dbo/domain/invoice';
import { centsToString, toCents } from '@dbo/domain/money';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { csvLine } from '../../lib/csv.js';
import { customers } from '../customers/customers.tables.js';
import { products } from '../products/products.tables.js';
import { gridWhere } from './invoice-list.service.js';
import { customerNumberingOn } from './invoice-lookup.service.js';
import { invoiceItems, invoices } from './invoices.tables.js';

export const EXPORT_MAX_ROWS = 100_000;

type ExportItem = { item: typeof invoiceItems.$inferSelect; upc: string | null };

/** The invoices the grid's filters and sort select, each with its customer. */
function exportedInvoices(db: DbOrTx, companyId: number, q: GridQuery, customerId?: number) {
  const { g, where } = gridWhere(companyId, q, customerId);
  return db
    .select({ inv: invoices, customer: customers })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .where(where)
    .orderBy(...g.orderBy)
    .limit(EXPORT_MAX_ROWS);
}

/** The lines of these invoices (with the product's UPC), by invoice, in the invoice's order. */
async function itemsByInvoice(db: DbOrTx, ids: number[]): Promise<Map<number, ExportItem[]>> {
  const items = ids.length
    ? await db
        .select({ item: invoiceItems, upc: products.upc })
        .from(invoiceItems)
        .leftJoin(products, eq(products.id, invoiceItems.product_id))
        .where(inArray(invoiceItems.invoice_id, ids))
        .orderBy(asc(invoiceItems.invoice_id), asc(invoiceItems.position), asc(invoiceItems.id))
    : [];
  const byInvoice = new Map<number, ExportItem[]>();
  for (const it of items) {
    const list = byInvoice.get(it.item.invoice_id) ?? [];
    list.push(it);
    byInvoice.set(it.item.invoice_id, list);
  }
  return byInvoice;
}

const INVOICE_HEADERS = ['Invoice #', 'Customer', 'TABC ID', 'Status', 'Invoice Date', 'Due Date'];
const SUMMARY_HEADERS = ['Sub Total', 'Tax', 'Total', 'Paid'];
const DETAIL_HEADERS = ['Product', 'Type', 'Size', 'Qty', 'Price', 'Taxable', 'On Deal', 'Line Total', 'Invoice Total'];

/** Dates are ISO (YYYY-MM-DD) so spreadsheets sort them. Summary: one line per invoice. Detailed: one line per item. Same filters and sort as the grid. */
export async function invoiceCsv(
  db: DbOrTx,
  companyId: number,
  q: GridQuery,
  type: 'summary' | 'detailed',
  customerId?: number,
): Promise<string> {
  const numbering = await customerNumberingOn(db, companyId);
  const rows = await exportedInvoices(db, companyId, q, customerId);
  const money = (v: string) => centsToString(toCents(v));
  const invoiceCells = ({ inv, customer }: (typeof rows)[number]) => [
    displayNumber(inv, numbering),
    customer.name,
    customer.tabc_id,
    INVOICE_STATUS_LABELS[inv.status as InvoiceStatus] ?? inv.status,
    inv.invoiced_at,
    inv.due_at ?? '',
  ];
  const lines: string[] = [];
  if (type === 'summary') {
    lines.push(csvLine([...INVOICE_HEADERS, ...SUMMARY_HEADERS]));
    for (const r of rows)
      lines.push(
        csvLine([
          ...invoiceCells(r),
          money(r.inv.sub_total),
          money(r.inv.tax_total),
          money(r.inv.total),
          money(r.inv.paid_total),
        ]),
      );
  } else {
    const byInvoice = await itemsByInvoice(
      db,
      rows.map((r) => r.inv.id),
    );
    lines.push(csvLine([...INVOICE_HEADERS, ...DETAIL_HEADERS]));
    for (const r of rows)
      for (const { item: it } of byInvoice.get(r.inv.id) ?? [])
        lines.push(
          csvLine([
            ...invoiceCells(r),
            it.product_name,
            productTypeLabel(it.product_type),
            it.product_size,
            it.qty,
            money(it.price),
            it.taxable ? 'Yes' : 'No',
            it.on_deal ? 'Yes' : 'No',
            money(it.total),
            money(r.inv.total),
          ]),
        );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The invoices the grid's filters and sort select (up to EXPORT_MAX_ROWS), each with its customer
 * and its lines (with the product's UPC): the rows of exports built by modules above invoices
 * (the fintech file).
 */
export async function invoicesForExport(db: DbOrTx, companyId: number, q: GridQuery, customerId?: number) {
  const rows = await exportedInvoices(db, companyId, q, customerId);
  const byInvoice = await itemsByInvoice(
    db,
    rows.map((r) => r.inv.id),
  );
  return rows.map((r) => ({ ...r, items: byInvoice.get(r.inv.id) ?? [] }));
}
