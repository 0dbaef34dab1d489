import { PRODUCT_MSG } from '@dbo/domain/product';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { findCompanyRow } from '../../lib/company-rows.js';
import { products } from './products.tables.js';

export type ProductRow = typeof products.$inferSelect;

/** What every answer naming a product starts with: its identity, codes and prices (as numbers). */
export function productBasics(p: ProductRow) {
  return {
    id: p.id,
    product: p.product,
    product_type: p.product_type,
    product_size: p.product_size,
    product_price: Number(p.product_price),
    last_purchase_price: Number(p.last_purchase_price),
    upc: p.upc,
    internal_sku: p.internal_sku,
  };
}

/** The product as the API answers it: money and numeric columns as numbers. */
export function publicProduct(p: ProductRow, extra: { stock?: number | null } = {}) {
  return {
    ...productBasics(p),
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
    pos_new: p.pos_new,
    pos_source: p.pos_source,
    ...('stock' in extra ? { stock: extra.stock ?? null } : {}),
  };
}

export const findProduct = (db: DbOrTx, companyId: number, id: number): Promise<ProductRow> =>
  findCompanyRow(db, products, companyId, id, PRODUCT_MSG.notFound);

/** Every product of the company, archived too (the import matches a file against them). */
export async function allProducts(db: DbOrTx, companyId: number): Promise<ProductRow[]> {
  return db.select().from(products).where(eq(products.company_id, companyId)).orderBy(products.id);
}
