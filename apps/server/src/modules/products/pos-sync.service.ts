/**
 * Products pulled from a point-of-sale partner (Bottle POS, Clover): while one is active it owns
 * the catalogue (creation blocked, synced fields disabled: product-writes.service.ts), so its
 * products are written here, bypassing those rules. A product is matched by the partner's SKU
 * (kept as internal_sku), then by name and size.
 */
import { PRODUCT_TYPES } from '@dbo/domain/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { PosProduct } from '../../integrations/pos-client.js';
import { products } from './products.tables.js';

/** A product as a POS lists it (its own id aside). */
export type PulledProduct = Omit<PosProduct, 'id'>;

/** Creates or updates one pulled product; answers what happened. Throws on a product it cannot store. */
export async function upsertPulledProduct(
  db: DbOrTx,
  companyId: number,
  p: PulledProduct,
): Promise<'created' | 'updated'> {
  const name = p.name.trim().toUpperCase();
  const size = p.size.trim().toUpperCase();
  const type = (PRODUCT_TYPES as readonly string[]).includes(p.type.toUpperCase()) ? p.type.toUpperCase() : 'N/A';
  if (!name || !size || !p.sku) throw new Error(`product ${p.sku || '?'} has no name, size or SKU`);
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(p.price)) throw new Error(`product ${p.sku}: invalid price ${p.price}`);
  const values = {
    product: name,
    product_type: type,
    product_size: size,
    product_price: p.price,
    last_purchase_price: /^\d{1,10}(\.\d{1,2})?$/.test(p.cost) ? p.cost : '0',
    upc: p.upc?.slice(0, 32) || null,
    internal_sku: p.sku.slice(0, 64),
  };
  const [bySku] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.company_id, companyId), eq(products.internal_sku, values.internal_sku)))
    .limit(1);
  const [byName] = bySku
    ? []
    : await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.company_id, companyId), eq(products.product, name), eq(products.product_size, size)))
        .limit(1);
  const id = bySku?.id ?? byName?.id;
  if (id) {
    await db
      .update(products)
      .set({ ...values, updated_at: sql`now()` })
      .where(and(eq(products.id, id), eq(products.company_id, companyId)));
    return 'updated';
  }
  await db.insert(products).values({ company_id: companyId, ...values });
  return 'created';
}
