/**
 * Stock movement: what sales take from stock and add to the products' sales counters. Invoices
 * call `applyDifference` inside their own transaction with the lines before and after a write.
 *
 * With the inventory feature on, stock moves by the difference of quantities per product; a
 * product without an inventory row gets one (stock may go negative, the marker shows it).
 */
import { centsToString } from '@dbo/domain/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products } from '../products/products.tables.js';
import { moveStock } from './inventory.ledger.js';

/** One invoice line as stock sees it. */
export interface StockLine {
  product_id: number;
  qty: number;
  cents: number;
  price: string;
  on_deal: boolean;
}

/** Sums quantities and amounts per product (a cancelled invoice counts as nothing). */
function perProduct(lines: StockLine[]) {
  const m = new Map<number, StockLine>();
  for (const l of lines) {
    const cur = m.get(l.product_id);
    if (cur) {
      cur.qty += l.qty;
      cur.cents += l.cents;
    } else m.set(l.product_id, { ...l });
  }
  return m;
}

/**
 * Moves stock and the products' sales counters by the difference between the invoice's old and
 * new lines, inside the caller's transaction. Products are visited in id order so concurrent
 * writers lock their rows in the same order.
 */
export async function applyDifference(
  tx: Tx,
  opts: {
    companyId: number;
    userId: number | null;
    invoiceId: number;
    ref: string;
    inventoryOn: boolean;
    before: StockLine[];
    after: StockLine[];
  },
) {
  const a = perProduct(opts.before);
  const b = perProduct(opts.after);
  const ids = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x - y);
  for (const productId of ids) {
    const old = a.get(productId);
    const now = b.get(productId);
    const dq = (now?.qty ?? 0) - (old?.qty ?? 0);
    const dc = (now?.cents ?? 0) - (old?.cents ?? 0);
    if (dq !== 0 || dc !== 0) {
      await tx
        .update(products)
        .set({
          units_sold: sql`${products.units_sold} + ${dq}`,
          amount_sold: sql`${products.amount_sold} + ${centsToString(dc)}::numeric`,
        })
        .where(and(eq(products.id, productId), eq(products.company_id, opts.companyId)));
    }
    if (opts.inventoryOn && dq !== 0) {
      const line = now ?? old!;
      await moveStock(tx, {
        companyId: opts.companyId,
        productId,
        delta: -dq,
        source: 'invoice',
        userId: opts.userId,
        ref_number: opts.ref,
        invoice_id: opts.invoiceId,
        unit_price: line.price,
        on_deal: line.on_deal,
      });
    }
  }
}
