import { toCents } from '@dbo/domain/money';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { StockLine } from '../inventory/inventory.service.js';
import { invoiceItems } from './invoices.tables.js';

/** The invoice's saved lines as stock sees them (lines whose product was deleted move nothing). */
export async function currentStockLines(tx: DbOrTx, invoiceId: number): Promise<StockLine[]> {
  const rows = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, invoiceId));
  return rows.flatMap((r) => (r.product_id === null ? [] : [stockLine({ ...r, product_id: r.product_id })]));
}

export function stockLine(r: { product_id: number; qty: number; total: string; price: string; on_deal: boolean }) {
  return { product_id: r.product_id, qty: r.qty, cents: toCents(r.total), price: r.price, on_deal: r.on_deal };
}
