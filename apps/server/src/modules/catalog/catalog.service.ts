import { isFeatureActive } from '@dbo/domain/features';
import type { GridQuery } from '@dbo/domain/grid';
import type { ProductListQuery, productDetailOut } from '@dbo/domain/product';
import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { type GridColumns, runGrid } from '../../db/grid.js';
import { companyFeatureStates } from '../company/company.service.js';
import { customerNames } from '../customers/price-tiers.service.js';
import { inventory, inventoryHistory } from '../inventory/inventory.tables.js';
import { invoiceItems, invoices } from '../invoices/invoices.tables.js';
import { applyDuePriceChanges, pricingContext, resolvePrices } from '../products/pricing.service.js';
import { lastInvoicedPrices } from '../invoices/invoice-plugs.js';
import { findProduct, type ProductRow, publicProduct } from '../products/products.service.js';
import { priceChanges, products } from '../products/products.tables.js';

/**
 * The catalogue as the screens read it: a product with its stock, its invoice history and its
 * prices. It reads products, inventory and invoices, so it sits above all three; the products
 * module keeps the tables, price resolution and the writes.
 */
type ProductDetail = z.output<typeof productDetailOut>;

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** GET /product/{id}: the product, its price changes, invoice history and inventory. */
export async function getProduct(db: DbOrTx, companyId: number, id: number) {
  await applyDuePriceChanges(db, companyId);
  const p = await findProduct(db, companyId, id);
  const changes = await db
    .select({
      id: priceChanges.id,
      old_price: priceChanges.old_price,
      new_price: priceChanges.new_price,
      effective_date: priceChanges.effective_date,
      created_at: priceChanges.created_at,
      customer_id: priceChanges.customer_id,
      source: priceChanges.source,
      old_cost: priceChanges.old_cost,
      new_cost: priceChanges.new_cost,
    })
    .from(priceChanges)
    .where(and(eq(priceChanges.company_id, companyId), eq(priceChanges.product_id, id)))
    .orderBy(desc(priceChanges.effective_date), desc(priceChanges.id));
  const history = await db
    .select({
      id: invoiceItems.id,
      invoice_id: invoices.id,
      number: invoices.number,
      beer: invoices.beer,
      status: invoices.status,
      invoiced_at: invoices.invoiced_at,
      customer_id: invoices.customer_id,
      qty: invoiceItems.qty,
      price: invoiceItems.price,
      total: invoiceItems.total,
    })
    .from(invoiceItems)
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoice_id))
    .where(and(eq(invoiceItems.company_id, companyId), eq(invoiceItems.product_id, id)))
    .orderBy(desc(invoices.invoiced_at), desc(invoices.id))
    .limit(INVOICE_HISTORY_LIMIT);
  const [{ n: invoiceCount }] = await db
    .select({ n: sql<number>`count(distinct ${invoiceItems.invoice_id})::int` })
    .from(invoiceItems)
    .where(and(eq(invoiceItems.company_id, companyId), eq(invoiceItems.product_id, id)));

  const names = await customerNames(db, companyId, [
    ...changes.flatMap((c) => (c.customer_id === null ? [] : [c.customer_id])),
    ...history.map((h) => h.customer_id),
  ]);
  const features = await companyFeatureStates(db, companyId);
  const [inv] = await db
    .select()
    .from(inventory)
    .where(and(eq(inventory.company_id, companyId), eq(inventory.product_id, id)));
  let inventoryOut: ProductDetail['inventory'] = null;
  if (isFeatureActive(features, 'inventory') && inv) {
    const hist = await db
      .select({
        id: inventoryHistory.id,
        qty: inventoryHistory.qty,
        created_at: inventoryHistory.created_at,
        source: inventoryHistory.source,
        ref_number: inventoryHistory.ref_number,
        invoice_id: inventoryHistory.invoice_id,
        invoice: invoices.number,
        beer: invoices.beer,
        on_deal: inventoryHistory.on_deal,
        unit_price: inventoryHistory.unit_price,
      })
      .from(inventoryHistory)
      .leftJoin(invoices, eq(invoices.id, inventoryHistory.invoice_id))
      .where(and(eq(inventoryHistory.company_id, companyId), eq(inventoryHistory.inventory_id, inv.id)))
      .orderBy(desc(inventoryHistory.created_at), desc(inventoryHistory.id))
      .limit(INVOICE_HISTORY_LIMIT);
    const level = inv.reorder_level ?? p.reorder_level;
    inventoryOut = {
      id: inv.id,
      qty: inv.qty,
      distributor: inv.distributor,
      reorder_level: inv.reorder_level,
      reorder_qty: inv.reorder_qty,
      reorder_time_in_days: inv.reorder_time_in_days,
      reorder_needed: level !== null && level !== undefined ? inv.qty <= level : false,
      inventoryHistory: hist.map((h) => ({ ...h, unit_price: num(h.unit_price) })),
    };
  }
  return {
    ...publicProduct(p, { stock: inv ? inv.qty : null }),
    priceChanges: changes.map((c) => ({
      ...c,
      customer_name: c.customer_id === null ? null : (names.get(c.customer_id) ?? null),
      old_price: Number(c.old_price),
      new_price: Number(c.new_price),
      old_cost: num(c.old_cost),
      new_cost: num(c.new_cost),
    })),
    invoices: history.map((h) => ({
      ...h,
      customer_name: names.get(h.customer_id) ?? null,
      price: Number(h.price),
      total: Number(h.total),
    })),
    invoice_count: Number(invoiceCount),
    inventory: inventoryOut,
  };
}

/** The product page shows the latest invoices of the product; the count tells how many exist. */
export const INVOICE_HISTORY_LIMIT = 200;

const gridColumns: GridColumns = {
  id: { expr: products.id, type: 'number' },
  product: { expr: products.product, type: 'text' },
  product_type: { expr: products.product_type, type: 'set' },
  product_size: { expr: products.product_size, type: 'text' },
  product_price: { expr: products.product_price, type: 'number' },
  last_purchase_price: { expr: products.last_purchase_price, type: 'number' },
  upc: { expr: products.upc, type: 'text' },
  internal_sku: { expr: products.internal_sku, type: 'text' },
  distributor: { expr: products.distributor, type: 'text' },
  archived: { expr: products.archived, type: 'boolean' },
  // "New from Bottle POS": created by a sync, not yet saved by staff
  pos_new: { expr: products.pos_new, type: 'boolean' },
  reorder_level: { expr: products.reorder_level, type: 'number' },
  reorder_qty: { expr: products.reorder_qty, type: 'number' },
  reorder_time_in_days: { expr: products.reorder_time_in_days, type: 'number' },
  effective_date: { expr: products.effective_date, type: 'date' },
  units_sold: { expr: products.units_sold, type: 'number' },
  amount_sold: { expr: products.amount_sold, type: 'number' },
  stock: { expr: inventory.qty, type: 'number' },
  created_at: { expr: products.created_at, type: 'timestamp' },
  updated_at: { expr: products.updated_at, type: 'timestamp' },
};

/** GET /product/grid: default sort units_sold desc; archived products hidden unless filtered for. */
export async function productGrid(db: DbOrTx, companyId: number, q: GridQuery & { archived?: boolean }) {
  await applyDuePriceChanges(db, companyId);
  const filterModel = Object.assign(Object.create(null) as GridQuery['filterModel'], q.filterModel);
  // `archived` may come as a filter of the grid or as a plain parameter (1/true: archived ones)
  if (!Object.hasOwn(filterModel, 'archived'))
    filterModel.archived = { filterType: 'number', type: 'equals', filter: q.archived ? 1 : 0 };
  const { rows, count } = await runGrid(db, {
    select: { p: products, stock: inventory.qty },
    from: products,
    // inventory is one row per product at most: the count needs it only to filter on stock
    joins: [
      {
        table: inventory,
        on: and(eq(inventory.company_id, products.company_id), eq(inventory.product_id, products.id)) as SQL,
        kind: 'left',
        countOnlyFor: ['stock'],
      },
    ],
    columns: gridColumns,
    query: { ...q, filterModel },
    defaultSort: [{ colId: 'units_sold', sort: 'desc' }],
    tieBreaker: products.id,
    scope: [eq(products.company_id, companyId)],
  });
  return { rows: rows.map((r) => publicProduct(r.p, { stock: r.stock })), count };
}

/**
 * GET /product: the active catalogue. With a date range only the products invoiced in it (to the
 * customer, when given), with total_qty, total_amount and total_invoices; with a customer each row
 * also carries `price`, the price resolved for that customer.
 */
export async function listProducts(db: DbOrTx, companyId: number, q: ProductListQuery) {
  await applyDuePriceChanges(db, companyId);
  const ctx = await pricingContext(db, companyId, q.customerId, lastInvoicedPrices);
  const join = and(eq(inventory.company_id, products.company_id), eq(inventory.product_id, products.id));
  let rows: {
    p: ProductRow;
    stock: number | null;
    total_qty?: number;
    total_amount?: string;
    total_invoices?: number;
  }[];
  if (q.dateFrom || q.dateTo) {
    const conds = [eq(invoices.company_id, companyId), sql`${invoices.status} <> 'cancelled'`];
    if (q.dateFrom) conds.push(sql`${invoices.invoiced_at} >= ${q.dateFrom}`);
    if (q.dateTo) conds.push(sql`${invoices.invoiced_at} <= ${q.dateTo}`);
    if (q.customerId) conds.push(eq(invoices.customer_id, q.customerId));
    rows = await db
      .select({
        p: products,
        stock: inventory.qty,
        total_qty: sql<number>`sum(${invoiceItems.qty})::int`,
        total_amount: sql<string>`sum(${invoiceItems.total})`,
        total_invoices: sql<number>`count(distinct ${invoices.id})::int`,
      })
      .from(invoiceItems)
      .innerJoin(invoices, eq(invoices.id, invoiceItems.invoice_id))
      .innerJoin(products, eq(products.id, invoiceItems.product_id))
      .leftJoin(inventory, join)
      .where(and(...conds))
      .groupBy(products.id, inventory.qty)
      .orderBy(sql`sum(${invoiceItems.qty}) desc`, products.id);
  } else {
    rows = await db
      .select({ p: products, stock: inventory.qty })
      .from(products)
      .leftJoin(inventory, join)
      .where(and(eq(products.company_id, companyId), eq(products.archived, false)))
      .orderBy(desc(products.units_sold), products.id);
  }
  const prices = ctx.customerId
    ? await resolvePrices(
        db,
        companyId,
        rows.map((r) => r.p),
        ctx,
      )
    : null;
  return {
    rows: rows.map((r) => ({
      ...publicProduct(r.p, { stock: r.stock }),
      ...(r.total_qty !== undefined
        ? { total_qty: r.total_qty, total_amount: Number(r.total_amount), total_invoices: r.total_invoices }
        : {}),
      ...(prices ? { price: prices.get(r.p.id)?.price ?? Number(r.p.product_price) } : {}),
    })),
  };
}
