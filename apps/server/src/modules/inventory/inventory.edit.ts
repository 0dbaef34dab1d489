/** PUT /inventory/{id}: one cell of the inventory grid. */
import { INVENTORY_MSG, type InventoryItem, type InventoryUpdate } from '@dbo/domain/inventory';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { inventoryItem } from './inventory.grid.js';
import { lockStock, setStock } from './inventory.ledger.js';
import { inventory } from './inventory.tables.js';

export interface InventoryActor {
  companyId: number;
  userId: number | null;
}

/**
 * qty goes through the ledger (a `manual` history row for the difference); the reorder settings
 * and the distributor are stored on the item. An unchanged value writes nothing. Answers the item.
 */
export async function updateInventoryItem(
  db: Db,
  actor: InventoryActor,
  id: number,
  body: InventoryUpdate,
): Promise<InventoryItem> {
  const { companyId } = actor;
  const found = await db.transaction(async (tx) => {
    await lockStock(tx, companyId);
    if (body.qty !== undefined) {
      return (await setStock(tx, { companyId, inventoryId: id, qty: body.qty, userId: actor.userId })) !== null;
    }
    const [cur] = await tx
      .select()
      .from(inventory)
      .where(and(eq(inventory.id, id), eq(inventory.company_id, companyId)))
      .for('update');
    if (!cur) return false;
    const set: Partial<typeof inventory.$inferInsert> = {};
    if (body.reorder_level !== undefined && body.reorder_level !== cur.reorder_level)
      set.reorder_level = body.reorder_level;
    if (body.reorder_qty !== undefined && body.reorder_qty !== cur.reorder_qty) set.reorder_qty = body.reorder_qty;
    if (body.reorder_time_in_days !== undefined && body.reorder_time_in_days !== cur.reorder_time_in_days)
      set.reorder_time_in_days = body.reorder_time_in_days;
    if (body.distributor !== undefined && (body.distributor || null) !== cur.distributor)
      set.distributor = body.distributor || null;
    if (Object.keys(set).length)
      await tx
        .update(inventory)
        .set({ ...set, updated_at: new Date() })
        .where(eq(inventory.id, id));
    return true;
  });
  const item = found ? await inventoryItem(db, companyId, id) : null;
  if (!item) throw notFound(INVENTORY_MSG.notFound);
  return item;
}
