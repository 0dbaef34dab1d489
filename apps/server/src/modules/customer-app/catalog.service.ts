import type { CatalogOut, CatalogQuery } from '@dbo/domain/customer-app';
import { DEFAULT_PAGE_SIZE, MAX_GRID_ROWS } from '@dbo/domain/constants';
import { isUpcQuery, PRODUCT_SEARCH_MIN_CHARS, searchTerms } from '@dbo/domain/product';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies } from '../company/company.tables.js';
import { orderLimits } from '../orders/orders.pricing.js';
import { pricingContext, resolvePrices } from '../products/pricing.service.js';
import { lastInvoicedPrices } from '../invoices/invoice-plugs.js';
import { products } from '../products/products.tables.js';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /customer-app/catalog: the company's products that are not archived, by name, with the
 * price this customer pays (the domain price rule; null when the company hides prices) and the
 * stock status when inventory is on. A search shorter than 3 characters lists everything; a
 * numeric query longer than 5 digits is a UPC.
 */
export async function catalog(
  db: DbOrTx,
  who: { companyId: number; customerId: number },
  q: CatalogQuery,
): Promise<CatalogOut> {
  const query = q.query?.trim() ?? '';
  // a product a POS sync created is not shown until staff opened and saved it (issue 30)
  const conds: SQL[] = [
    eq(products.company_id, who.companyId),
    eq(products.archived, false),
    eq(products.pos_new, false),
  ];
  if (q.product_type) conds.push(eq(products.product_type, q.product_type));
  if (query.length >= PRODUCT_SEARCH_MIN_CHARS) {
    if (isUpcQuery(query)) {
      const variants = [...new Set([query, `0${query}`, query.replace(/^0+/, '')])];
      conds.push(inArray(products.upc, variants));
    } else {
      const terms = searchTerms(query);
      const parts = [sql`${products.product} like ${`${escapeLike(query.toUpperCase())}%`}`];
      if (terms.length)
        parts.push(
          sql`to_tsvector('simple', ${products.product}) @@ to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(' & ')})`,
        );
      conds.push(sql`(${sql.join(parts, sql` or `)})`);
    }
  }
  const where = and(...conds);
  const start = q.startRow;
  const end = Math.min(q.endRow ?? start + DEFAULT_PAGE_SIZE, start + MAX_GRID_ROWS);
  const [rows, [{ n }], [company]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(asc(products.product), asc(products.product_size), asc(products.id))
      .limit(Math.max(end - start, 1))
      .offset(start),
    db.select({ n: count() }).from(products).where(where),
    db.select({ show_prices: companies.show_prices }).from(companies).where(eq(companies.id, who.companyId)),
  ]);
  const showPrices = company.show_prices;
  const prices = showPrices
    ? await resolvePrices(
        db,
        who.companyId,
        rows,
        await pricingContext(db, who.companyId, who.customerId, lastInvoicedPrices),
      )
    : new Map();
  const limits = await orderLimits(db, who.companyId, rows);
  return {
    rows: rows.map((p) => ({
      id: p.id,
      product: p.product,
      product_type: p.product_type,
      product_size: p.product_size,
      upc: p.upc,
      price: showPrices ? (prices.get(p.id)?.price ?? null) : null,
      stock_status: limits.status(p.id),
      max_qty: limits.max(p.id),
    })),
    count: Number(n),
    show_prices: showPrices,
  };
}
