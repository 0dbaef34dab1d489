/** The inventory tests' company (three products, the feature on) and the ledger checks. */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { inventory, inventoryHistory } from '../src/modules/inventory/inventory.tables.js';
import { makeCompany, makeProduct } from './factories.js';
import type { SignedUp, TestContext } from './helpers.js';

/** A company with three products and the inventory feature switched on through the API. */
export async function inventoryCompany(ctx: TestContext) {
  const owner = await makeCompany(ctx);
  const wine = await makeProduct(ctx, owner.companyId, {
    product: 'BECKER CABERNET',
    product_type: 'WINE',
    last_purchase_price: '15.80',
    reorder_level: 6,
    reorder_qty: 24,
    distributor: 'Republic National',
  });
  const beer = await makeProduct(ctx, owner.companyId, {
    product: 'SHINER BOCK',
    product_type: 'BEER',
    last_purchase_price: '23.10',
    reorder_level: 2,
    reorder_qty: null,
    distributor: 'Silver Eagle',
  });
  const water = await makeProduct(ctx, owner.companyId, {
    product: 'TOPO CHICO',
    product_type: 'N/A',
    last_purchase_price: '16.50',
    reorder_level: null,
    distributor: null,
  });
  const on = await owner.api.post('/company/feature', { name: 'inventory', active: true });
  expect(on.status).toBe(200);
  const items = await ctx.database.db.select().from(inventory).where(eq(inventory.company_id, owner.companyId));
  const itemOf = (productId: number) => items.find((i) => i.product_id === productId)!.id;
  return { owner, wine, beer, water, itemOf };
}

/** The ledger invariant: every item's qty equals the sum of its history rows. */
export async function expectLedgerBalanced(ctx: TestContext, companyId: number) {
  const rows = await ctx.database.db.execute<{ id: number; qty: number; total: string }>(sql`
    select i.id, i.qty, coalesce(sum(h.qty), 0) as total
    from inventory i left join inventory_history h on h.inventory_id = i.id
    where i.company_id = ${companyId} group by i.id, i.qty`);
  const list = (rows as unknown as { rows?: { qty: number; total: string }[] }).rows ?? (rows as never);
  expect(list.length).toBeGreaterThan(0);
  for (const r of list) expect(Number(r.total)).toBe(Number(r.qty));
}

export const qtyOf = async (ctx: TestContext, itemId: number) =>
  (await ctx.database.db.select({ qty: inventory.qty }).from(inventory).where(eq(inventory.id, itemId)))[0]?.qty;
export const historyOf = (ctx: TestContext, itemId: number) =>
  ctx.database.db
    .select()
    .from(inventoryHistory)
    .where(eq(inventoryHistory.inventory_id, itemId))
    .orderBy(inventoryHistory.id);

export async function restock(owner: SignedUp, items: unknown[], extra: Record<string, unknown> = {}) {
  return owner.api.put('/inventory', { items, ref_number: 'PO-1001', distributor: 'Republic National', ...extra });
}
