import { addDays, todayInTexas } from '@dbo/domain/dates';
import {
  isUpcQuery,
  PRODUCT_SEARCH_MIN_CHARS,
  PRODUCT_SUGGESTION_LIMIT,
  searchTerms,
  type suggestionOut,
} from '@dbo/domain/product';
import type { z } from 'zod';
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { inventory } from '../inventory/inventory.tables.js';
import { invoiceItems, invoices } from '../invoices/invoices.tables.js';
import { applyDuePriceChanges, pricingContext, resolvePrices } from '../products/pricing.service.js';
import { lastInvoicedPrices } from '../invoices/invoice-plugs.js';
import { productBasics } from '../products/products.service.js';
import { products } from '../products/products.tables.js';

export interface SuggestionQuery {
  query: string;
  customerId?: number;
  excludingProductIds: number[];
  excludingSourceProductIds: string[];
  distributor?: string;
}

/** The shape the invoice builder and restock screens read (the domain's answer schema). */
export type Suggestion = z.output<typeof suggestionOut>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /product/suggestions. Index-backed: a UPC scan is an equality on (company_id, upc); text is
 * a name prefix on (company_id, product text_pattern_ops) or word prefixes on the GIN
 * to_tsvector index, plus an exact internal SKU or UPC.
 */
export async function productSuggestions(db: DbOrTx, companyId: number, q: SuggestionQuery) {
  const query = q.query.trim();
  if (query.length < PRODUCT_SEARCH_MIN_CHARS) return { suggestions: [] as Suggestion[] };
  await applyDuePriceChanges(db, companyId);
  const ctx = await pricingContext(db, companyId, q.customerId, lastInvoicedPrices);

  const upper = query.toUpperCase();
  const upc = isUpcQuery(query);
  let match: SQL;
  let rank: SQL;
  if (upc) {
    // scanners may add or drop the leading zero of a UPC-A / EAN-13
    const variants = [...new Set([query, `0${query}`, query.replace(/^0+/, '')])];
    match = sql`(${inArray(products.upc, variants)} or ${products.internal_sku} = ${query})`;
    rank = sql`case when ${products.upc} = ${query} then 0 else 1 end`;
  } else {
    const terms = searchTerms(query);
    const tsq = terms.map((t) => `${t}:*`).join(' & ');
    const parts = [
      sql`${products.product} like ${`${escapeLike(upper)}%`}`,
      sql`${products.internal_sku} = ${upper}`,
      sql`${products.upc} = ${query}`,
    ];
    if (terms.length) parts.push(sql`to_tsvector('simple', ${products.product}) @@ to_tsquery('simple', ${tsq})`);
    match = sql`(${sql.join(parts, sql` or `)})`;
    rank = sql`case when ${products.product} like ${`${escapeLike(upper)}%`} then 0 else 1 end`;
  }
  const conds: SQL[] = [eq(products.company_id, companyId), eq(products.archived, false), match];
  if (q.excludingProductIds.length) conds.push(notInArray(products.id, q.excludingProductIds));
  if (q.excludingSourceProductIds.length)
    conds.push(
      sql`coalesce(${products.ydk_product_id}, '') not in (${sql.join(
        q.excludingSourceProductIds.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (q.distributor) conds.push(sql`lower(${products.distributor}) = lower(${q.distributor})`);

  const rows = await db
    .select({ p: products, stock: inventory.qty })
    .from(products)
    .leftJoin(inventory, and(eq(inventory.company_id, products.company_id), eq(inventory.product_id, products.id)))
    .where(and(...conds))
    .orderBy(rank, sql`${products.units_sold} desc`, products.product, products.product_size, products.id)
    .limit(PRODUCT_SUGGESTION_LIMIT);
  const prices = await resolvePrices(
    db,
    companyId,
    rows.map((r) => r.p),
    ctx,
  );
  const suggestions: Suggestion[] = rows.map(({ p, stock }) => ({
    ...productBasics(p),
    distributor: p.distributor,
    reorder_level: p.reorder_level,
    reorder_qty: p.reorder_qty,
    ydk_product_id: p.ydk_product_id,
    price: prices.get(p.id)?.price ?? Number(p.product_price),
    stock: stock ?? null,
    scanned: upc && !!p.upc && p.upc.replace(/^0+/, '') === query.replace(/^0+/, ''),
  }));
  return { suggestions };
}

/** What counts as "lately" and how far back the buying habit is read. */
export const RECOMMENDATION = { notOrderedForDays: 14, lookBackDays: 365, limit: 10 } as const;

/**
 * GET /product/recommendation: the products this customer bought most over the last year that
 * it has not been invoiced for in the last two weeks, with the customer's price.
 */
export async function productRecommendation(db: DbOrTx, companyId: number, customerId: number) {
  const ctx = await pricingContext(db, companyId, customerId, lastInvoicedPrices);
  const today = todayInTexas();
  const since = addDays(today, -RECOMMENDATION.lookBackDays);
  const lately = addDays(today, -RECOMMENDATION.notOrderedForDays);
  const rows = await db
    .select({
      p: products,
      stock: inventory.qty,
      total_qty: sql<number>`sum(${invoiceItems.qty})::int`,
      invoice_count: sql<number>`count(distinct ${invoices.id})::int`,
      last_invoiced_at: sql<string>`max(${invoices.invoiced_at})::text`,
    })
    .from(invoices)
    .innerJoin(invoiceItems, eq(invoiceItems.invoice_id, invoices.id))
    .innerJoin(products, eq(products.id, invoiceItems.product_id))
    .leftJoin(inventory, and(eq(inventory.company_id, products.company_id), eq(inventory.product_id, products.id)))
    .where(
      and(
        eq(invoices.company_id, companyId),
        eq(invoices.customer_id, customerId),
        sql`${invoices.status} <> 'cancelled'`,
        sql`${invoices.invoiced_at} >= ${since}`,
        eq(products.archived, false),
      ),
    )
    .groupBy(products.id, inventory.qty)
    .having(sql`max(${invoices.invoiced_at}) < ${lately}`)
    .orderBy(sql`sum(${invoiceItems.qty}) desc`, products.id)
    .limit(RECOMMENDATION.limit);
  const prices = await resolvePrices(
    db,
    companyId,
    rows.map((r) => r.p),
    ctx,
  );
  return {
    recommendation: rows.map((r) => ({
      id: r.p.id,
      product: r.p.product,
      product_type: r.p.product_type,
      product_size: r.p.product_size,
      product_price: Number(r.p.product_price),
      last_purchase_price: Number(r.p.last_purchase_price),
      upc: r.p.upc,
      internal_sku: r.p.internal_sku,
      price: prices.get(r.p.id)?.price ?? Number(r.p.product_price),
      stock: r.stock ?? null,
      total_qty: r.total_qty,
      invoice_count: r.invoice_count,
      last_invoiced_at: r.last_invoiced_at,
    })),
  };
}
