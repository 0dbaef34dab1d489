import { todayInTexas } from '@dbo/domain/dates';
import { canEditPricing, type CompanyFeatureState, isFeatureActive } from '@dbo/domain/features';
import type { GridQuery } from '@dbo/domain/grid';
import { toCents } from '@dbo/domain/money';
import {
  PRODUCT_MSG,
  productCreateSchema,
  productUpdateSchema,
  type ProductCreateValues,
  type ProductUpdateValues,
} from '@dbo/domain/product';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { gridClauses, type GridColumns } from '../../db/grid.js';
import { badRequest, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordActivity } from '../activity/activity.service.js';
import { companyFeatures } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { inventory, inventoryHistory } from '../inventory/inventory.tables.js';
import { invoiceItems, invoices } from '../invoices/invoices.tables.js';
import { applyDuePriceChanges, pricingContext, resolvePrices } from './pricing.service.js';
import { priceChanges, products } from './products.tables.js';

type ProductRow = typeof products.$inferSelect;

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** The product as the API answers it: money and numeric columns as numbers. */
export function publicProduct(p: ProductRow, extra: { stock?: number | null } = {}) {
  return {
    id: p.id,
    product: p.product,
    product_type: p.product_type,
    product_size: p.product_size,
    product_price: Number(p.product_price),
    last_purchase_price: Number(p.last_purchase_price),
    upc: p.upc,
    internal_sku: p.internal_sku,
    effective_date: p.effective_date,
    archived: p.archived,
    reorder_level: p.reorder_level,
    reorder_qty: p.reorder_qty,
    reorder_time_in_days: p.reorder_time_in_days,
    distributor: p.distributor,
    ydk_product_id: p.ydk_product_id,
    units_sold: p.units_sold,
    amount_sold: Number(p.amount_sold),
    created_at: p.created_at,
    updated_at: p.updated_at,
    ...('stock' in extra ? { stock: extra.stock ?? null } : {}),
  };
}

export async function companyFeatureStates(db: DbOrTx, companyId: number): Promise<CompanyFeatureState[]> {
  return db
    .select({
      name: companyFeatures.name,
      active: companyFeatures.active,
      ignore_pricing: companyFeatures.ignore_pricing,
    })
    .from(companyFeatures)
    .where(eq(companyFeatures.company_id, companyId));
}

function posName(features: CompanyFeatureState[]): string | null {
  if (isFeatureActive(features, 'bottle_pos')) return 'Bottle POS';
  if (isFeatureActive(features, 'clover')) return 'Clover';
  return null;
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (!r.success) {
    const details = [...new Set(r.error.issues.map((i) => i.message))];
    throw badRequest(details[0], details);
  }
  return r.data;
}

async function findProduct(db: DbOrTx, companyId: number, id: number): Promise<ProductRow> {
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.company_id, companyId)));
  if (!p) throw notFound(PRODUCT_MSG.notFound);
  return p;
}

async function assertUniqueName(db: DbOrTx, companyId: number, name: string, size: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.company_id, companyId), eq(products.product, name), eq(products.product_size, size)));
  if (dup && dup.id !== exceptId) throw badRequest(PRODUCT_MSG.duplicate(name, size));
}

export async function createProduct(db: Db, companyId: number, userId: number, body: unknown) {
  const features = await companyFeatureStates(db, companyId);
  const pos = posName(features);
  if (pos) throw badRequest(PRODUCT_MSG.posCreate(pos));
  const v: ProductCreateValues = parse(productCreateSchema, body);
  const today = todayInTexas();
  if (v.effective_date && v.effective_date < today) throw badRequest(PRODUCT_MSG.effectiveDate);
  await assertUniqueName(db, companyId, v.product, v.product_size);
  try {
    const row = await db.transaction(async (tx) => {
      const [p] = await tx
        .insert(products)
        .values({
          company_id: companyId,
          product: v.product,
          product_type: v.product_type,
          product_size: v.product_size,
          product_price: String(v.product_price),
          last_purchase_price: String(v.last_purchase_price),
          upc: v.upc,
          internal_sku: v.internal_sku,
          distributor: v.distributor,
          reorder_level: v.reorder_level,
          reorder_qty: v.reorder_qty,
          reorder_time_in_days: v.reorder_time_in_days,
          archived: v.archived,
          effective_date: v.effective_date ?? today,
        })
        .returning();
      await recordActivity(tx, {
        companyId,
        userId,
        module: 'PRODUCT',
        type: 'CREATE',
        info: {
          productId: p.id,
          product: p.product,
          product_size: p.product_size,
          name: `${p.product} ${p.product_size}`,
        },
      });
      return p;
    });
    return publicProduct(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(PRODUCT_MSG.duplicate(v.product, v.product_size));
    throw err;
  }
}

/** Fields the point-of-sale system owns while Bottle POS or Clover is active. */
const SYNCED_FIELDS = ['product', 'product_type', 'product_size', 'upc', 'internal_sku', 'distributor'] as const;

export async function updateProduct(db: Db, companyId: number, userId: number, id: number, body: unknown) {
  const cur = await findProduct(db, companyId, id);
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  // PUT merges: keys left out keep their stored values (archive sends only the flag, or the whole product)
  const merged = {
    product: cur.product,
    product_type: cur.product_type,
    product_size: cur.product_size,
    product_price: cur.product_price,
    last_purchase_price: cur.last_purchase_price,
    upc: cur.upc,
    internal_sku: cur.internal_sku,
    distributor: cur.distributor,
    reorder_level: cur.reorder_level,
    reorder_qty: cur.reorder_qty,
    reorder_time_in_days: cur.reorder_time_in_days,
    archived: cur.archived,
    ydk_product_id: cur.ydk_product_id,
    ...input,
    customerId: input.customerId ?? input.customer_id,
  };
  const v: ProductUpdateValues = parse(productUpdateSchema, merged);
  const today = todayInTexas();
  const features = await companyFeatureStates(db, companyId);
  const pos = posName(features);

  const customerScoped = !!v.customerId && 'product_price' in input;
  const generalPriceChange = !v.customerId && toCents(v.product_price) !== toCents(cur.product_price);
  const priceChange = customerScoped || generalPriceChange;
  const effective = v.effective_date ?? today;
  if (priceChange && effective < today) throw badRequest(PRODUCT_MSG.effectiveDate);

  if (pos) {
    const changed = SYNCED_FIELDS.some((f) => (v[f] ?? null) !== (cur[f] ?? null));
    if (changed) throw badRequest(PRODUCT_MSG.posField(pos));
    const costChanged = toCents(v.last_purchase_price) !== toCents(cur.last_purchase_price);
    if ((priceChange || costChanged) && !canEditPricing(features)) throw badRequest(PRODUCT_MSG.posPricing(pos));
  }
  if (v.product !== cur.product || v.product_size !== cur.product_size)
    await assertUniqueName(db, companyId, v.product, v.product_size, id);

  let oldCustomerPrice: number | null = null;
  if (customerScoped) {
    const ctx = await pricingContext(db, companyId, v.customerId);
    oldCustomerPrice = (await resolvePrices(db, companyId, [cur], ctx, today)).get(cur.id)?.price ?? null;
  }

  try {
    const row = await db.transaction(async (tx) => {
      const applyNow = generalPriceChange && effective <= today;
      const [p] = await tx
        .update(products)
        .set({
          product: v.product,
          product_type: v.product_type,
          product_size: v.product_size,
          last_purchase_price: String(v.last_purchase_price),
          upc: v.upc,
          internal_sku: v.internal_sku,
          distributor: v.distributor,
          reorder_level: v.reorder_level,
          reorder_qty: v.reorder_qty,
          reorder_time_in_days: v.reorder_time_in_days,
          archived: v.archived,
          ydk_product_id: v.ydk_product_id,
          ...(applyNow ? { product_price: String(v.product_price), effective_date: effective } : {}),
          updated_at: new Date(),
        })
        .where(and(eq(products.id, id), eq(products.company_id, companyId)))
        .returning();
      if (priceChange) {
        await tx.insert(priceChanges).values({
          company_id: companyId,
          product_id: id,
          customer_id: customerScoped ? (v.customerId ?? null) : null,
          old_price: String(customerScoped ? (oldCustomerPrice ?? cur.product_price) : cur.product_price),
          new_price: String(v.product_price),
          effective_date: effective,
          user_id: userId,
          applied: customerScoped || effective <= today,
        });
      }
      await recordActivity(tx, {
        companyId,
        userId,
        module: 'PRODUCT',
        type: 'UPDATE',
        info: {
          productId: id,
          product: p.product,
          name: `${p.product} ${p.product_size}`,
          ...(cur.archived !== v.archived ? { archived: v.archived } : {}),
          ...(priceChange
            ? {
                new_price: v.product_price,
                effective_date: effective,
                customerId: customerScoped ? v.customerId : null,
              }
            : {}),
        },
      });
      return p;
    });
    return getProduct(db, companyId, row.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(PRODUCT_MSG.duplicate(v.product, v.product_size));
    throw err;
  }
}

export async function deleteProduct(db: Db, companyId: number, userId: number, id: number) {
  const p = await findProduct(db, companyId, id);
  const features = await companyFeatureStates(db, companyId);
  if (isFeatureActive(features, 'bottle_pos')) throw badRequest(PRODUCT_MSG.deleteBottlePos);
  const [used] = await db
    .select({ id: invoiceItems.id })
    .from(invoiceItems)
    .where(and(eq(invoiceItems.company_id, companyId), eq(invoiceItems.product_id, id)))
    .limit(1);
  if (used) throw badRequest(PRODUCT_MSG.deleteInvoiced);
  await db.transaction(async (tx) => {
    await tx.delete(products).where(and(eq(products.id, id), eq(products.company_id, companyId)));
    await recordActivity(tx, {
      companyId,
      userId,
      module: 'PRODUCT',
      type: 'DELETE',
      info: { productId: id, product: p.product, product_size: p.product_size, name: `${p.product} ${p.product_size}` },
    });
  });
  return { success: true, id };
}

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
      customer_name: customers.name,
    })
    .from(priceChanges)
    .leftJoin(customers, eq(customers.id, priceChanges.customer_id))
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
      customer_name: customers.name,
      qty: invoiceItems.qty,
      price: invoiceItems.price,
      total: invoiceItems.total,
    })
    .from(invoiceItems)
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoice_id))
    .leftJoin(customers, eq(customers.id, invoices.customer_id))
    .where(and(eq(invoiceItems.company_id, companyId), eq(invoiceItems.product_id, id)))
    .orderBy(desc(invoices.invoiced_at), desc(invoices.id))
    .limit(INVOICE_HISTORY_LIMIT);
  const [{ n: invoiceCount }] = await db
    .select({ n: sql<number>`count(distinct ${invoiceItems.invoice_id})::int` })
    .from(invoiceItems)
    .where(and(eq(invoiceItems.company_id, companyId), eq(invoiceItems.product_id, id)));

  const features = await companyFeatureStates(db, companyId);
  const [inv] = await db
    .select()
    .from(inventory)
    .where(and(eq(inventory.company_id, companyId), eq(inventory.product_id, id)));
  let inventoryOut: Record<string, unknown> | null = null;
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
    priceChanges: changes.map((c) => ({ ...c, old_price: Number(c.old_price), new_price: Number(c.new_price) })),
    invoices: history.map((h) => ({ ...h, price: Number(h.price), total: Number(h.total) })),
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
export async function productGrid(db: DbOrTx, companyId: number, q: GridQuery & { archived?: unknown }) {
  await applyDuePriceChanges(db, companyId);
  const filterModel = { ...q.filterModel };
  // `archived` may come as a filter of the grid or as a plain parameter (1/true: archived ones)
  const archivedParam = q.archived === undefined ? 0 : ['1', 'true'].includes(String(q.archived)) ? 1 : 0;
  if (!('archived' in filterModel))
    filterModel.archived = { filterType: 'number', type: 'equals', filter: archivedParam };
  const g = gridClauses({ ...q, filterModel }, gridColumns, {
    defaultSort: [{ colId: 'units_sold', sort: 'desc' }],
    tieBreaker: products.id,
  });
  const where = and(eq(products.company_id, companyId), g.where);
  const join = and(eq(inventory.company_id, products.company_id), eq(inventory.product_id, products.id));
  const rows = await db
    .select({ p: products, stock: inventory.qty })
    .from(products)
    .leftJoin(inventory, join)
    .where(where)
    .orderBy(...g.orderBy)
    .limit(g.limit)
    .offset(g.offset);
  // inventory is one row per product at most: the count needs it only to filter on stock
  const countQuery = db.select({ n: sql<number>`count(*)::int` }).from(products);
  const [{ n }] = await ('stock' in filterModel ? countQuery.leftJoin(inventory, join) : countQuery).where(where);
  return { rows: rows.map((r) => publicProduct(r.p, { stock: r.stock })), count: Number(n) };
}

export interface ProductListQuery {
  dateFrom?: string;
  dateTo?: string;
  customerId?: number;
}

/**
 * GET /product: the active catalogue. With a date range only the products invoiced in it (to the
 * customer, when given), with total_qty, total_amount and total_invoices; with a customer each row
 * also carries `price`, the price resolved for that customer.
 */
export async function listProducts(db: DbOrTx, companyId: number, q: ProductListQuery) {
  await applyDuePriceChanges(db, companyId);
  const ctx = await pricingContext(db, companyId, q.customerId);
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
