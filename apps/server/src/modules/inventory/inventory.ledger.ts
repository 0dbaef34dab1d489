/**
 * The stock ledger: the only code that changes an inventory item's qty. Every change writes its
 * inventory history row in the caller's transaction, so qty = sum(history) always holds.
 *
 * Concurrency: a relative move is one atomic `qty = qty + delta` (the row stays locked until the
 * caller commits); an absolute count (grid edit) locks the row first. Every stock writer first
 * takes the company row lock that an invoice save holds for its number (`lockStock`): a history
 * row's foreign key takes a key-share lock on the company, which would otherwise deadlock with an
 * invoice holding the company and waiting for the same product or item. Callers touching several
 * products move them in ascending product id.
 */
import type { InventorySource } from '@dbo/domain/inventory';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { INVENTORY_MSG } from '@dbo/domain/inventory';
import { companies } from '../company/company.tables.js';
import { products } from '../products/products.tables.js';
import { inventory, inventoryHistory } from './inventory.tables.js';

export interface StockMove {
  companyId: number;
  productId: number;
  /** positive added, negative taken */
  delta: number;
  source: InventorySource;
  userId: number | null;
  ref_number?: string | null;
  invoice_id?: number | null;
  unit_price?: string | number | null;
  on_deal?: boolean;
}

/** Takes the company row lock that orders every stock writer (invoice saves already hold it). */
export async function lockStock(tx: Tx, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/**
 * One inventory item (qty 0, the product's reorder settings and distributor) for each product
 * that has none: all the company's products when `productIds` is omitted.
 */
export async function ensureInventoryItems(tx: DbOrTx, companyId: number, productIds?: readonly number[]) {
  if (productIds && productIds.length === 0) return;
  const only = productIds
    ? sql`and p.id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await tx.execute(sql`
    insert into ${inventory} (company_id, product_id, qty, distributor, reorder_level, reorder_qty, reorder_time_in_days)
    select p.company_id, p.id, 0, p.distributor, p.reorder_level, p.reorder_qty, p.reorder_time_in_days
    from ${products} p where p.company_id = ${companyId} ${only}
    on conflict (company_id, product_id) do nothing`);
}

async function writeHistory(tx: Tx, inventoryId: number, m: StockMove) {
  await tx.insert(inventoryHistory).values({
    company_id: m.companyId,
    inventory_id: inventoryId,
    product_id: m.productId,
    qty: m.delta,
    source: m.source,
    ref_number: m.ref_number ?? null,
    invoice_id: m.invoice_id ?? null,
    unit_price: m.unit_price === null || m.unit_price === undefined ? null : String(m.unit_price),
    on_deal: m.on_deal ?? false,
    user_id: m.userId,
  });
}

/** Moves a product's stock by `delta` (creating its item when missing). Answers the new qty. */
export async function moveStock(tx: Tx, m: StockMove): Promise<{ inventoryId: number; qty: number }> {
  await ensureInventoryItems(tx, m.companyId, [m.productId]);
  const [row] = await tx
    .update(inventory)
    .set({ qty: sql`${inventory.qty} + ${m.delta}`, updated_at: new Date() })
    .where(and(eq(inventory.company_id, m.companyId), eq(inventory.product_id, m.productId)))
    .returning({ id: inventory.id, qty: inventory.qty });
  if (!row) throw notFound(INVENTORY_MSG.notFound);
  if (m.delta !== 0) await writeHistory(tx, row.id, m);
  return { inventoryId: row.id, qty: row.qty };
}

/**
 * Sets an item's counted qty (a grid edit): the difference goes to the history as `manual`.
 * Unchanged: nothing is written. Answers the new qty, or null when the item is not the company's.
 */
export async function setStock(
  tx: Tx,
  opts: { companyId: number; inventoryId: number; qty: number; userId: number | null; source?: InventorySource },
): Promise<{ qty: number; changed: boolean } | null> {
  const [cur] = await tx
    .select({ qty: inventory.qty, product_id: inventory.product_id })
    .from(inventory)
    .where(and(eq(inventory.id, opts.inventoryId), eq(inventory.company_id, opts.companyId)))
    .for('update');
  if (!cur) return null;
  const delta = opts.qty - cur.qty;
  if (delta === 0) return { qty: cur.qty, changed: false };
  await tx.update(inventory).set({ qty: opts.qty, updated_at: new Date() }).where(eq(inventory.id, opts.inventoryId));
  await writeHistory(tx, opts.inventoryId, {
    companyId: opts.companyId,
    productId: cur.product_id,
    delta,
    source: opts.source ?? 'manual',
    userId: opts.userId,
  });
  return { qty: opts.qty, changed: true };
}

/**
 * Sets a product's counted qty (an opening-stock import), creating its item when missing; the
 * difference goes to the history under `source`. Takes the stock lock itself.
 */
export async function setProductStock(
  tx: Tx,
  opts: { companyId: number; productId: number; qty: number; userId: number | null; source: InventorySource },
): Promise<{ qty: number; changed: boolean } | null> {
  await lockStock(tx, opts.companyId);
  await ensureInventoryItems(tx, opts.companyId, [opts.productId]);
  const [item] = await tx
    .select({ id: inventory.id })
    .from(inventory)
    .where(and(eq(inventory.company_id, opts.companyId), eq(inventory.product_id, opts.productId)));
  if (!item) return null;
  return setStock(tx, { ...opts, inventoryId: item.id });
}

/** Every item's qty by product id (the import's dry run compares against it). */
export async function stockByProduct(db: DbOrTx, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ product_id: inventory.product_id, qty: inventory.qty })
    .from(inventory)
    .where(eq(inventory.company_id, companyId));
  return new Map(rows.map((r) => [r.product_id, r.qty]));
}

/**
 * Opening stock (the demo's history): an item with its counted qty for each product that has none
 * yet, with its `manual` history row ('Opening stock') dated `at`. A product that has an item keeps
 * it untouched. Answers how many items were opened.
 */
export async function openStock(
  db: DbOrTx,
  opts: {
    companyId: number;
    userId: number;
    at: Date;
    items: readonly {
      product_id: number;
      qty: number;
      reorder_level: number | null;
      reorder_qty: number | null;
      reorder_time_in_days: number | null;
      distributor: string | null;
    }[];
  },
): Promise<number> {
  if (!opts.items.length) return 0;
  const opened = await db
    .insert(inventory)
    .values(opts.items.map((it) => ({ company_id: opts.companyId, ...it })))
    .onConflictDoNothing()
    .returning();
  if (opened.length)
    await db.insert(inventoryHistory).values(
      opened.map((r) => ({
        company_id: opts.companyId,
        inventory_id: r.id,
        product_id: r.product_id,
        qty: r.qty,
        source: 'manual' as const,
        ref_number: 'Opening stock',
        user_id: opts.userId,
        created_at: opts.at,
      })),
    );
  return opened.length;
}
