/**
 * Reads of the inventory: the grid (GET /inventory/grid), its rows for one item, the history grid
 * (GET /inventory/history/grid) and the distributors list.
 */
import {
  type HistoryGridQuery,
  type HistoryGridResponse,
  INVENTORY_LIMITS,
  type InventoryGridQuery,
  type InventoryGridResponse,
  type InventoryItem,
  daysOfCover,
} from '@dbo/domain/inventory';
import type { FilterModel } from '@dbo/domain/grid';
import { type SQL, and, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type GridColumns, gridClauses } from '../../db/grid.js';
import { users } from '../company/company.tables.js';
import { products } from '../products/products.tables.js';
import { inventory, inventoryHistory } from './inventory.tables.js';

const i = inventory;
const p = products;
const reorderLevel = sql<number | null>`coalesce(${i.reorder_level}, ${p.reorder_level})`;
const reorderQty = sql<number | null>`coalesce(${i.reorder_qty}, ${p.reorder_qty})`;
const reorderTime = sql<number | null>`coalesce(${i.reorder_time_in_days}, ${p.reorder_time_in_days})`;
const distributor = sql<string | null>`coalesce(${i.distributor}, ${p.distributor})`;
const reorderNeeded = sql<boolean>`coalesce(${i.qty} <= coalesce(${i.reorder_level}, ${p.reorder_level}), false)`;
const value = sql<string>`(greatest(${i.qty}, 0) * ${p.last_purchase_price})`;

/** Grid columns: the item's own reorder settings, else the product's (as the invoice builder reads them). */
const columns: GridColumns = {
  id: { expr: i.id, type: 'number' },
  product_id: { expr: i.product_id, type: 'number' },
  qty: { expr: i.qty, type: 'number' },
  distributor: { expr: distributor, type: 'text' },
  reorder_level: { expr: reorderLevel, type: 'number' },
  reorder_qty: { expr: reorderQty, type: 'number' },
  reorder_time_in_days: { expr: reorderTime, type: 'number' },
  reorder_needed: { expr: reorderNeeded, type: 'boolean' },
  value: { expr: value, type: 'number' },
  updated_at: { expr: i.updated_at, type: 'timestamp' },
  created_at: { expr: i.created_at, type: 'timestamp' },
  product: { expr: p.product, type: 'text' },
  product_type: { expr: p.product_type, type: 'set' },
  product_size: { expr: p.product_size, type: 'text' },
  upc: { expr: p.upc, type: 'text' },
  internal_sku: { expr: p.internal_sku, type: 'text' },
  last_purchase_price: { expr: p.last_purchase_price, type: 'number' },
};

const itemSelect = {
  id: i.id,
  product_id: i.product_id,
  qty: i.qty,
  distributor,
  reorder_level: reorderLevel,
  reorder_qty: reorderQty,
  reorder_time_in_days: reorderTime,
  reorder_needed: reorderNeeded,
  value,
  created_at: i.created_at,
  updated_at: i.updated_at,
  p_product: p.product,
  p_type: p.product_type,
  p_size: p.product_size,
  p_upc: p.upc,
  p_sku: p.internal_sku,
  p_cost: p.last_purchase_price,
};
type ItemRow = { [K in keyof typeof itemSelect]: unknown } & {
  id: number;
  product_id: number;
  qty: number;
  created_at: Date;
  updated_at: Date;
};

const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Units sold per product over the last 30 days, read from the ledger's invoice rows. */
async function unitsSold(db: DbOrTx, companyId: number, productIds: number[]) {
  const sold = new Map<number, number>();
  if (!productIds.length) return sold;
  const rows = await db
    .select({ product_id: inventoryHistory.product_id, units: sql<string>`-sum(${inventoryHistory.qty})` })
    .from(inventoryHistory)
    .where(
      and(
        inArray(inventoryHistory.product_id, productIds),
        eq(inventoryHistory.company_id, companyId),
        eq(inventoryHistory.source, 'invoice'),
        gte(inventoryHistory.created_at, sql`now() - make_interval(days => ${INVENTORY_LIMITS.coverDays})`),
      ),
    )
    .groupBy(inventoryHistory.product_id);
  for (const r of rows) if (r.product_id !== null) sold.set(r.product_id, Number(r.units));
  return sold;
}

async function toItems(db: DbOrTx, companyId: number, rows: ItemRow[]): Promise<InventoryItem[]> {
  const sold = await unitsSold(
    db,
    companyId,
    rows.map((r) => r.product_id),
  );
  return rows.map((r) => ({
    id: r.id,
    product_id: r.product_id,
    qty: r.qty,
    distributor: (r.distributor as string | null) ?? null,
    reorder_level: numOrNull(r.reorder_level),
    reorder_qty: numOrNull(r.reorder_qty),
    reorder_time_in_days: numOrNull(r.reorder_time_in_days),
    reorder_needed: !!r.reorder_needed,
    value: Number(r.value),
    days_of_cover: daysOfCover(r.qty, sold.get(r.product_id) ?? 0),
    created_at: r.created_at,
    updated_at: r.updated_at,
    product: {
      id: r.product_id,
      product: String(r.p_product),
      product_type: String(r.p_type),
      product_size: String(r.p_size),
      upc: (r.p_upc as string | null) ?? null,
      internal_sku: (r.p_sku as string | null) ?? null,
      last_purchase_price: Number(r.p_cost),
    },
  }));
}

const join = and(eq(p.id, i.product_id), eq(p.company_id, i.company_id));

/**
 * GET /inventory/grid: one page of items (every filtered row with ignoreLimit), the count and the
 * inventory value of all filtered rows. Archived products are left out. Default sort: updated_at desc.
 */
export async function inventoryGrid(
  db: DbOrTx,
  companyId: number,
  q: InventoryGridQuery,
): Promise<InventoryGridResponse> {
  const g = gridClauses(q, columns, { defaultSort: [{ colId: 'updated_at', sort: 'desc' }], tieBreaker: i.id });
  const where = and(eq(i.company_id, companyId), eq(p.archived, false), g.where);
  const page = db
    .select(itemSelect)
    .from(i)
    .innerJoin(p, join)
    .where(where)
    .orderBy(...g.orderBy);
  // the page and the totals are independent: on a pool they run side by side
  const [rows, [totals]] = await Promise.all([
    q.ignoreLimit ? page.limit(INVENTORY_LIMITS.exportRows) : page.limit(g.limit).offset(g.offset),
    db
      .select({ count: count(), total_value: sql<string>`coalesce(sum(${value}), 0)` })
      .from(i)
      .innerJoin(p, join)
      .where(where),
  ]);
  return {
    rows: await toItems(db, companyId, rows as ItemRow[]),
    count: Number(totals?.count ?? 0),
    total_value: Number(totals?.total_value ?? 0),
  };
}

/** One item as the grid shows it, or null when it is not the company's. */
export async function inventoryItem(db: DbOrTx, companyId: number, id: number): Promise<InventoryItem | null> {
  const rows = await db
    .select(itemSelect)
    .from(i)
    .innerJoin(p, join)
    .where(and(eq(i.company_id, companyId), eq(i.id, id)));
  const [item] = await toItems(db, companyId, rows as ItemRow[]);
  return item ?? null;
}

const h = inventoryHistory;
const historyColumns: GridColumns = {
  id: { expr: h.id, type: 'number' },
  created_at: { expr: h.created_at, type: 'timestamp' },
  product_id: { expr: h.product_id, type: 'number' },
  product: { expr: p.product, type: 'text' },
  product_size: { expr: p.product_size, type: 'text' },
  qty: { expr: h.qty, type: 'number' },
  source: { expr: h.source, type: 'set' },
  ref_number: { expr: h.ref_number, type: 'text' },
  invoice_id: { expr: h.invoice_id, type: 'number' },
  unit_price: { expr: h.unit_price, type: 'number' },
  on_deal: { expr: h.on_deal, type: 'boolean' },
  user: { expr: users.name, type: 'text' },
};

/** GET /inventory/history/grid: movements newest first, within dateFrom..dateTo (Texas days). */
export async function historyGrid(db: DbOrTx, companyId: number, q: HistoryGridQuery): Promise<HistoryGridResponse> {
  const { dateFrom, dateTo } = q;
  const range: FilterModel = {};
  if (dateFrom && dateTo) range.created_at = { filterType: 'date', type: 'inRange', dateFrom, dateTo };
  else if (dateFrom) range.created_at = { filterType: 'date', type: 'greaterThanOrEqual', dateFrom };
  else if (dateTo) range.created_at = { filterType: 'date', type: 'lessThanOrEqual', dateFrom: dateTo };
  const g = gridClauses({ ...q, filterModel: { ...q.filterModel, ...range } }, historyColumns, {
    defaultSort: [{ colId: 'created_at', sort: 'desc' }],
    tieBreaker: h.id,
  });
  const where = and(eq(h.company_id, companyId), g.where);
  const page = db
    .select({
      id: h.id,
      created_at: h.created_at,
      inventory_id: h.inventory_id,
      product_id: h.product_id,
      product: p.product,
      product_size: p.product_size,
      qty: h.qty,
      source: h.source,
      ref_number: h.ref_number,
      invoice_id: h.invoice_id,
      unit_price: h.unit_price,
      on_deal: h.on_deal,
      user: users.name,
    })
    .from(h)
    .leftJoin(p, eq(p.id, h.product_id))
    .leftJoin(users, eq(users.id, h.user_id))
    .where(where)
    .orderBy(...g.orderBy);
  const needsJoins = ['product', 'product_size', 'user'].some((k) => k in q.filterModel);
  const countQuery = db.select({ count: count() }).from(h);
  const [rows, [total]] = await Promise.all([
    q.ignoreLimit ? page.limit(INVENTORY_LIMITS.exportRows) : page.limit(g.limit).offset(g.offset),
    needsJoins
      ? countQuery.leftJoin(p, eq(p.id, h.product_id)).leftJoin(users, eq(users.id, h.user_id)).where(where)
      : countQuery.where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, unit_price: numOrNull(r.unit_price) })),
    count: Number(total?.count ?? 0),
  };
}

/** GET /inventory/distributors: every distributor named on an item or a product, sorted. */
export async function distributors(db: DbOrTx, companyId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: distributor })
    .from(i)
    .innerJoin(p, join)
    .where(and(eq(i.company_id, companyId), isNotNull(distributor), sql`${distributor} <> ''`) as SQL)
    .orderBy(distributor);
  return rows.map((r) => String(r.name));
}
