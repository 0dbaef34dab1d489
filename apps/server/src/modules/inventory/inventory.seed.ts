/**
 * Demo inventory on top of the demo invoices: a restock from a purchase order and a shelf count
 * that leaves a few items under their reorder level (one out of stock, for Populate Restock).
 * Every change goes through the ledger, so qty = sum(history) holds in the demo too.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../company/company.tables.js';
import { products } from '../products/products.tables.js';
import { ensureInventoryItems, lockStock, moveStock, setStock } from './inventory.ledger.js';
import { inventory, inventoryHistory } from './inventory.tables.js';

/** name prefix -> counted qty (reorder level is 6 in the demo catalogue) */
const COUNTS: [string, number][] = [
  ['GARRISON', 4],
  ['BALCONES', 0],
  ['LLANO', 5],
];
const RESTOCK: [string, number, boolean][] = [
  ['DULCE VIDA', 24, false],
  ['DEEP EDDY', 36, true],
];

export async function seedDemoInventory(db: Db, companyId: number): Promise<void> {
  const [owner] = await db.select().from(users).where(eq(users.company_id, companyId)).orderBy(asc(users.id)).limit(1);
  const prods = await db.select().from(products).where(eq(products.company_id, companyId));
  const find = (prefix: string) => prods.find((p) => p.product.startsWith(prefix));
  if (!owner || !prods.length) return;
  await db.transaction(async (tx) => {
    await lockStock(tx, companyId);
    await ensureInventoryItems(tx, companyId);
    for (const [prefix, qty, onDeal] of RESTOCK.sort()) {
      const p = find(prefix);
      if (!p) continue;
      await moveStock(tx, {
        companyId,
        productId: p.id,
        delta: qty,
        source: 'restock',
        userId: owner.id,
        ref_number: 'PO-2291',
        unit_price: p.last_purchase_price,
        on_deal: onDeal,
      });
    }
    const ids = COUNTS.map(([prefix]) => find(prefix)?.id).filter((id): id is number => !!id);
    const items = await tx
      .select({ id: inventory.id, product_id: inventory.product_id })
      .from(inventory)
      .where(and(eq(inventory.company_id, companyId), inArray(inventory.product_id, ids)));
    for (const [prefix, qty] of COUNTS) {
      const item = items.find((i) => i.product_id === find(prefix)?.id);
      if (item) await setStock(tx, { companyId, inventoryId: item.id, qty, userId: owner.id });
    }
  });
  // the purchase order arrived a week ago, the count was two days ago, and the demo invoices'
  // movements carry their (back-dated) invoice's time
  await db
    .update(inventoryHistory)
    .set({ created_at: new Date(Date.now() - 7 * 86_400_000) })
    .where(and(eq(inventoryHistory.company_id, companyId), eq(inventoryHistory.ref_number, 'PO-2291')));
  await db
    .update(inventoryHistory)
    .set({ created_at: new Date(Date.now() - 2 * 86_400_000) })
    .where(
      and(
        eq(inventoryHistory.company_id, companyId),
        eq(inventoryHistory.source, 'manual'),
        sql`${inventoryHistory.ref_number} is null`,
      ),
    );
  await db.execute(sql`
    update inventory_history h set created_at = i.created_at
    from invoices i where i.id = h.invoice_id and h.company_id = ${companyId} and h.source = 'invoice'`);
}
