/** PUT /inventory: a restock from a purchase reference, all or nothing. */
import { INVENTORY_MSG, type RestockedItem, type RestockValues } from '@dbo/domain/inventory';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { recordPurchasePrice } from '../products/product-writes.service.js';
import { products } from '../products/products.tables.js';
import type { InventoryActor } from './inventory.edit.js';
import { lockStock, moveStock } from './inventory.ledger.js';
import { inventory } from './inventory.tables.js';

/**
 * Adds each item's qty through the ledger (a `restock` history row with the reference, cost and
 * on-deal flag) and makes the item cost the product's last purchase price. Any unknown, archived
 * or other company's product refuses the whole restock with a 400 naming each bad item.
 * The restock's distributor becomes the items' distributor.
 */
export async function restock(db: Db, actor: InventoryActor, body: RestockValues): Promise<RestockedItem[]> {
  const { companyId } = actor;
  const ids = [...new Set(body.items.map((it) => it.product_id))];
  const found = await db
    .select({ id: products.id, product: products.product, size: products.product_size, archived: products.archived })
    .from(products)
    .where(and(eq(products.company_id, companyId), inArray(products.id, ids)));
  const byId = new Map(found.map((p) => [p.id, p]));
  const problems: string[] = [];
  body.items.forEach((it, n) => {
    const p = byId.get(it.product_id);
    if (!p) problems.push(INVENTORY_MSG.restockItem(n + 1, INVENTORY_MSG.productUnknown));
    else if (p.archived)
      problems.push(INVENTORY_MSG.restockItem(n + 1, INVENTORY_MSG.productArchived(`${p.product} ${p.size}`)));
  });
  if (problems.length) throw badRequest(problems[0], problems);

  // ascending product id, so concurrent restocks and invoices lock rows in the same order
  const order = body.items.map((it, n) => ({ it, n })).sort((a, b) => a.it.product_id - b.it.product_id || a.n - b.n);
  const moved = await db.transaction(async (tx) => {
    await lockStock(tx, companyId);
    const out: (RestockedItem & { n: number })[] = [];
    for (const { it, n } of order) {
      // the product's buying price follows the last purchase. The product row is locked before the
      // item, in the order an invoice save takes them, so the two never deadlock.
      await recordPurchasePrice(tx, companyId, it.product_id, it.unit_price);
      const { inventoryId, qty } = await moveStock(tx, {
        companyId,
        productId: it.product_id,
        delta: it.qty,
        source: 'restock',
        userId: actor.userId,
        ref_number: body.ref_number,
        unit_price: it.unit_price,
        on_deal: it.on_deal,
      });
      if (body.distributor)
        await tx.update(inventory).set({ distributor: body.distributor }).where(eq(inventory.id, inventoryId));
      const p = byId.get(it.product_id)!;
      out.push({
        n,
        id: inventoryId,
        product_id: it.product_id,
        product: p.product,
        product_size: p.size,
        added: it.qty,
        qty,
      });
    }
    return out;
  });
  // answered in the order sent; a product sent twice shows its final qty on both lines
  const finalQty = new Map(moved.map((m) => [m.product_id, m.qty]));
  return moved.sort((a, b) => a.n - b.n).map(({ n: _n, ...m }) => ({ ...m, qty: finalQty.get(m.product_id) ?? m.qty }));
}
