/**
 * The fintech export of spec 1: the invoices the grid shows, one line per item, in the clearing
 * house's file layout (FINTECH_COLUMNS): unit of measure EA, the invoice reference INV{number}
 * (B suffix for beer), every cell upper-cased and quoted, dates MM/DD/YYYY. Cancelled invoices
 * are left out (nothing is owed on them). POST /invoice/convert reads the same layout back.
 */
import {
  FINTECH_COLUMNS,
  FINTECH_UNIT_OF_MEASURE,
  type FintechColumn,
  fintechCell,
  fintechDate,
  fintechReference,
} from '@dbo/domain/fintech';
import type { GridQuery } from '@dbo/domain/grid';
import { centsToString, toCents } from '@dbo/domain/money';
import type { DbOrTx } from '../../db/client.js';
import { getCompany } from '../company/company.service.js';
import { invoicesForExport } from '../invoices/invoice-export.service.js';

export const fintechLine = (cells: Record<FintechColumn, unknown>) =>
  FINTECH_COLUMNS.map((c) => fintechCell(cells[c])).join(',');

export async function fintechExportCsv(db: DbOrTx, companyId: number, q: GridQuery, customerId?: number) {
  const company = await getCompany(db, companyId);
  const rows = await invoicesForExport(db, companyId, q, customerId);
  const lines = [FINTECH_COLUMNS.map(fintechCell).join(',')];
  for (const { inv, customer, items } of rows) {
    if (inv.status === 'cancelled') continue;
    for (const { item, upc } of items) {
      const price = toCents(item.price);
      lines.push(
        fintechLine({
          'RETAILER ID': customer.fintech_id,
          'RETAILER NAME': customer.name,
          'RETAILER TABC ID': customer.tabc_id,
          'DISTRIBUTOR ID': company.fintech_id,
          'INVOICE NUMBER': fintechReference(inv),
          'INVOICE DATE': fintechDate(inv.invoiced_at),
          'DUE DATE': fintechDate(inv.due_at),
          UPC: upc ?? '',
          PRODUCT: item.product_name,
          SIZE: item.product_size,
          'PRODUCT TYPE': item.product_type,
          'UNIT OF MEASURE': FINTECH_UNIT_OF_MEASURE,
          QUANTITY: item.qty,
          'UNIT PRICE': centsToString(price),
          'EXTENDED PRICE': centsToString(price * item.qty),
          'INVOICE TOTAL': centsToString(toCents(inv.total)),
        }),
      );
    }
  }
  // CRLF, as RFC 4180 and the spreadsheets the clearing house's staff open it in expect
  return `${lines.join('\r\n')}\r\n`;
}
