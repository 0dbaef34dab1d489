/** The write side of products: create, update (with price changes) and delete. */
import { todayInTexas } from '@dbo/domain/dates';
import { canEditPricing, type CompanyFeatureState, isFeatureActive } from '@dbo/domain/features';
import { toCents } from '@dbo/domain/money';
import {
  PRODUCT_MSG,
  type ProductCreateValues,
  type ProductPatch,
  type ProductUpdateValues,
} from '@dbo/domain/product';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { badRequest, isUniqueViolation } from '../../lib/errors.js';
import { recordActivity } from '../activity/activity.service.js';
import { type LastInvoicedPrices, pricingContext, resolvePrices } from './pricing.service.js';
import { companyFeatureStates } from '../company/company.service.js';
import { findProduct, publicProduct } from './products.service.js';
import { priceChanges, products } from './products.tables.js';

/**
 * Modules above products act on new products (inventory makes their stock items) and may refuse a
 * product's deletion (invoices refuse an invoiced one), without products importing them.
 */
export type ProductsCreatedListener = (
  tx: DbOrTx,
  companyId: number,
  ids: number[],
  features: CompanyFeatureState[],
) => Promise<void>;
/** Answers the refusal's message, or null to let the product go. */
export type ProductDeleteGuard = (db: DbOrTx, companyId: number, id: number) => Promise<string | null>;

/** What modules above products plug into it, per app (modules/wiring.ts lists them). */
export interface ProductHooks {
  /** run in the transaction that made the products */
  created: readonly ProductsCreatedListener[];
  /** asked before a product is deleted; the first refusal refuses the delete */
  deleteGuards: readonly ProductDeleteGuard[];
  /** the price a customer was last invoiced (invoices), for a customer without a tier */
  lastInvoicedPrices: LastInvoicedPrices;
}
export interface ProductWiring {
  products: ProductHooks;
}

function posName(features: CompanyFeatureState[]): string | null {
  if (isFeatureActive(features, 'bottle_pos')) return 'Bottle POS';
  if (isFeatureActive(features, 'clover')) return 'Clover';
  return null;
}

async function assertUniqueName(db: DbOrTx, companyId: number, name: string, size: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.company_id, companyId), eq(products.product, name), eq(products.product_size, size)));
  if (dup && dup.id !== exceptId) throw badRequest(PRODUCT_MSG.duplicate(name, size));
}

/**
 * What every new product must pass (no point-of-sale system owns the catalogue, no effective date
 * in the past); answers the company's features and today.
 */
async function checkNewProducts(db: DbOrTx, companyId: number, rows: ProductCreateValues[]) {
  const features = await companyFeatureStates(db, companyId);
  const pos = posName(features);
  if (pos) throw badRequest(PRODUCT_MSG.posCreate(pos));
  const today = todayInTexas();
  if (rows.some((v) => v.effective_date && v.effective_date < today)) throw badRequest(PRODUCT_MSG.effectiveDate);
  return { features, today };
}

/** The columns a create and an update both write from the form (the price has its own rules). */
const productDetails = (v: ProductCreateValues | ProductUpdateValues) => ({
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
});

/** The products row of a new product (effective from today unless it says otherwise). */
const newProductRow = (companyId: number, v: ProductCreateValues, today: string) => ({
  company_id: companyId,
  ...productDetails(v),
  product_price: String(v.product_price),
  effective_date: v.effective_date ?? today,
});

export async function createProduct(
  w: ProductWiring,
  db: Db,
  companyId: number,
  userId: number,
  v: ProductCreateValues,
) {
  const { features, today } = await checkNewProducts(db, companyId, [v]);
  await assertUniqueName(db, companyId, v.product, v.product_size);
  try {
    const row = await db.transaction(async (tx) => {
      const [p] = await tx
        .insert(products)
        .values(newProductRow(companyId, v, today))
        .returning();
      for (const listener of w.products.created) await listener(tx, companyId, [p.id], features);
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

/**
 * Many new products at once (an import): the same rules as createProduct (no POS sync, name and
 * size unique) in the caller's transaction, one multi-row insert and one activity entry per call.
 * A clash with an existing name and size fails the whole call (the caller falls back row by row).
 */
export async function createProducts(
  w: ProductWiring,
  tx: Tx,
  companyId: number,
  userId: number,
  rows: ProductCreateValues[],
) {
  if (rows.length === 0) return [];
  const { features, today } = await checkNewProducts(tx, companyId, rows);
  const inserted = await tx
    .insert(products)
    .values(rows.map((v) => newProductRow(companyId, v, today)))
    .returning({ id: products.id });
  const ids = inserted.map((p) => p.id);
  for (const listener of w.products.created) await listener(tx, companyId, ids, features);
  await recordActivity(tx, {
    companyId,
    userId,
    module: 'PRODUCT',
    type: 'CREATE',
    info: { imported: ids.length, productIds: ids.length <= 20 ? ids : [...ids.slice(0, 20), '...'] },
  });
  return ids;
}

/** Fields the point-of-sale system owns while Bottle POS or Clover is active. */
const SYNCED_FIELDS = ['product', 'product_type', 'product_size', 'upc', 'internal_sku', 'distributor'] as const;
/** Bottle POS limits users to price edits (spec 2, canEditPricing): the reorder settings are its too. */
const BOTTLE_POS_FIELDS = [...SYNCED_FIELDS, 'reorder_level', 'reorder_qty', 'reorder_time_in_days'] as const;

const keep = <T>(patch: T | undefined, stored: T): T => (patch === undefined ? stored : patch);

/** PUT /product/{id}: keys left out keep their stored values (archive sends only the flag). */
/** Saves the patch (a price change from its effective date); answers the product's id. */
export async function updateProduct(
  w: ProductWiring,
  db: Db,
  companyId: number,
  userId: number,
  id: number,
  patch: ProductPatch,
) {
  const cur = await findProduct(db, companyId, id);
  const v: ProductUpdateValues = {
    product: keep(patch.product, cur.product),
    product_type: keep(patch.product_type, cur.product_type),
    product_size: keep(patch.product_size, cur.product_size),
    product_price: keep(patch.product_price, Number(cur.product_price)),
    last_purchase_price: keep(patch.last_purchase_price, Number(cur.last_purchase_price)),
    upc: keep(patch.upc, cur.upc),
    internal_sku: keep(patch.internal_sku, cur.internal_sku),
    distributor: keep(patch.distributor, cur.distributor),
    reorder_level: keep(patch.reorder_level, cur.reorder_level),
    reorder_qty: keep(patch.reorder_qty, cur.reorder_qty),
    reorder_time_in_days: keep(patch.reorder_time_in_days, cur.reorder_time_in_days),
    archived: keep(patch.archived, cur.archived),
    ydk_product_id: keep(patch.ydk_product_id, cur.ydk_product_id),
    effective_date: patch.effective_date,
    customerId: patch.customerId ?? patch.customer_id,
  };
  const today = todayInTexas();
  const features = await companyFeatureStates(db, companyId);
  const pos = posName(features);

  const customerScoped = !!v.customerId && patch.product_price !== undefined;
  const generalPriceChange = !v.customerId && toCents(v.product_price) !== toCents(cur.product_price);
  const priceChange = customerScoped || generalPriceChange;
  const effective = v.effective_date ?? today;
  if (priceChange && effective < today) throw badRequest(PRODUCT_MSG.effectiveDate);

  if (pos) {
    const owned = pos === 'Bottle POS' ? BOTTLE_POS_FIELDS : SYNCED_FIELDS;
    const changed = owned.some((f) => (v[f] ?? null) !== (cur[f] ?? null));
    if (changed) throw badRequest(PRODUCT_MSG.posField(pos));
    const costChanged = toCents(v.last_purchase_price) !== toCents(cur.last_purchase_price);
    if ((priceChange || costChanged) && !canEditPricing(features)) throw badRequest(PRODUCT_MSG.posPricing(pos));
  }
  if (v.product !== cur.product || v.product_size !== cur.product_size)
    await assertUniqueName(db, companyId, v.product, v.product_size, id);

  let oldCustomerPrice: number | null = null;
  if (customerScoped) {
    const ctx = await pricingContext(db, companyId, v.customerId, w.products.lastInvoicedPrices);
    oldCustomerPrice = (await resolvePrices(db, companyId, [cur], ctx, today)).get(cur.id)?.price ?? null;
  }

  try {
    const row = await db.transaction(async (tx) => {
      const applyNow = generalPriceChange && effective <= today;
      const [p] = await tx
        .update(products)
        .set({
          ...productDetails(v),
          ydk_product_id: v.ydk_product_id,
          // saved by staff: a product a POS sync created may now show in the shop (issue 30)
          pos_new: false,
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
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(PRODUCT_MSG.duplicate(v.product, v.product_size));
    throw err;
  }
}

export async function deleteProduct(w: ProductWiring, db: Db, companyId: number, userId: number, id: number) {
  const p = await findProduct(db, companyId, id);
  const features = await companyFeatureStates(db, companyId);
  if (isFeatureActive(features, 'bottle_pos')) throw badRequest(PRODUCT_MSG.deleteBottlePos);
  for (const guard of w.products.deleteGuards) {
    const refusal = await guard(db, companyId, id);
    if (refusal) throw badRequest(refusal);
  }
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

/**
 * A purchase's cost becomes the product's last purchase price (inventory's restock). It locks the
 * product row, which a restock takes before the item, in the order an invoice save takes them.
 */
export async function recordPurchasePrice(tx: DbOrTx, companyId: number, productId: number, price: number) {
  await tx
    .update(products)
    .set({ last_purchase_price: price.toFixed(2), updated_at: new Date() })
    .where(and(eq(products.id, productId), eq(products.company_id, companyId)));
}
