/**
 * Stock movement: what sales take from stock and add to the products' sales counters. Invoices
 * call `applyDifference` inside their own transaction with the lines before and after a write.
 *
 * With the inventory feature on, stock moves by the difference of quantities per product; a
 * product without an inventory row gets one (stock may go negative, the marker shows it).
 */
import type { Tx } from '../../db/client.js';
import { addToSalesCounters } from '../products/sales-counters.js';
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

/** Who moves stock and for which invoice; `ref` is what the history shows. */
type StockRef = { companyId: number; userId: number | null; invoiceId: number; ref: string };

/**
 * Moves stock and the products' sales counters by the difference between the invoice's old and
 * new lines, inside the caller's transaction. Products are visited in id order so concurrent
 * writers lock their rows in the same order.
 */
export async function applyDifference(
  tx: Tx,
  opts: StockRef & {
    inventoryOn: boolean;
    before: StockLine[];
    after: StockLine[];
  },
) {
  const a = perProduct(opts.before);
  const b = perProduct(opts.after);
  const ids = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x - y);
  const changes = ids
    .map((productId) => {
      const old = a.get(productId);
      const now = b.get(productId);
      return {
        productId,
        line: (now ?? old)!,
        dq: (now?.qty ?? 0) - (old?.qty ?? 0),
        dc: (now?.cents ?? 0) - (old?.cents ?? 0),
      };
    })
    .filter((c) => c.dq !== 0 || c.dc !== 0);
  await addToSalesCounters(tx, opts.companyId, changes);
  if (!opts.inventoryOn) return;
  for (const c of changes) {
    if (c.dq === 0) continue;
    await moveStock(tx, {
      companyId: opts.companyId,
      productId: c.productId,
      delta: -c.dq,
      source: 'invoice',
      userId: opts.userId,
      ref_number: opts.ref,
      invoice_id: opts.invoiceId,
      unit_price: c.line.price,
      on_deal: c.line.on_deal,
    });
  }
}

/**
 * Bottles a credit memo takes back: stock up by each quantity (history source credit_memo), in
 * ascending product id. The caller holds the company lock (lockStock) and runs only when the
 * inventory feature is on. Sales counters are left as invoiced.
 */
export async function returnStock(
  tx: Tx,
  opts: StockRef & {
    lines: { product_id: number; qty: number; price: string }[];
  },
) {
  for (const l of [...opts.lines].sort((x, y) => x.product_id - y.product_id)) {
    await moveStock(tx, {
      companyId: opts.companyId,
      productId: l.product_id,
      delta: l.qty,
      source: 'credit_memo',
      userId: opts.userId,
      ref_number: opts.ref,
      invoice_id: opts.invoiceId,
      unit_price: l.price,
    });
  }
}
