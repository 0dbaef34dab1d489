import { todayInTexas } from '@dbo/domain/dates';
import { type PriceChangeLike, resolvePrice, type ResolvedPrice } from '@dbo/domain/pricing';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { isFeatureOn } from '../company/company.service.js';
import { assertCustomer, customerPriceTier } from '../customers/price-tiers.service.js';
import { priceChanges } from './products.tables.js';

/** The price a customer was last invoiced for a product, and when. */
export interface LastInvoicedPrice {
  price: string;
  invoiced_at: string;
}
export type LastInvoicedPrices = (
  db: DbOrTx,
  companyId: number,
  customerId: number,
  productIds: number[],
) => Promise<Map<number, LastInvoicedPrice>>;

/**
 * Copies general price changes that have become due into products.product_price, so the grid
 * and every list show today's price. Cheap when nothing is pending (partial index).
 */
export async function applyDuePriceChanges(db: DbOrTx, companyId: number, today = todayInTexas()): Promise<void> {
  const pending = await db
    .select({ product_id: priceChanges.product_id })
    .from(priceChanges)
    .where(
      and(
        eq(priceChanges.company_id, companyId),
        sql`not ${priceChanges.applied}`,
        lte(priceChanges.effective_date, today),
      ),
    )
    .limit(1);
  if (!pending.length) return;
  await db.execute(sql`
    with due as (
      select distinct on (pc.product_id) pc.product_id, pc.new_price, pc.effective_date
      from price_changes pc
      where pc.company_id = ${companyId} and pc.customer_id is null and pc.effective_date <= ${today}
        and pc.product_id in (
          select product_id from price_changes
          where company_id = ${companyId} and not applied and effective_date <= ${today}
        )
      order by pc.product_id, pc.effective_date desc, pc.id desc
    )
    update products p
       set product_price = due.new_price, effective_date = due.effective_date, updated_at = now()
      from due
     where p.id = due.product_id and p.company_id = ${companyId}`);
  await db
    .update(priceChanges)
    .set({ applied: true })
    .where(
      and(
        eq(priceChanges.company_id, companyId),
        sql`not ${priceChanges.applied}`,
        lte(priceChanges.effective_date, today),
      ),
    );
}

export interface PricingContext {
  customerId: number | null;
  /** null: tiered pricing is off (or no customer) */
  tierPercentage: number | null;
  tier: { id: number; name: string; color: string; percentage: number } | null;
  /**
   * A customer without a tier pays what they were last invoiced. Invoices sit above products: the
   * modules above invoices pass its lookup, products the one the wiring gave it (modules/wiring.ts).
   */
  lastInvoiced: LastInvoicedPrices;
}

/** The customer (404 when not this company's) and its tier when tiered pricing is on. */
export async function pricingContext(
  db: DbOrTx,
  companyId: number,
  customerId: number | null | undefined,
  lastInvoiced: LastInvoicedPrices,
): Promise<PricingContext> {
  if (!customerId) return { customerId: null, tierPercentage: null, tier: null, lastInvoiced };
  if (!(await isFeatureOn(db, companyId, 'tiered_pricing'))) {
    await assertCustomer(db, companyId, customerId);
    return { customerId, tierPercentage: null, tier: null, lastInvoiced };
  }
  const tier = await customerPriceTier(db, companyId, customerId);
  return { customerId, tierPercentage: tier ? tier.percentage : 0, tier, lastInvoiced };
}

/** Resolves the price of many products for one customer in three queries. */
export async function resolvePrices(
  db: DbOrTx,
  companyId: number,
  rows: { id: number; product_price: string | number }[],
  ctx: PricingContext,
  today = todayInTexas(),
): Promise<Map<number, ResolvedPrice>> {
  const out = new Map<number, ResolvedPrice>();
  if (!rows.length) return out;
  const ids = rows.map((r) => r.id);
  const changes = await db
    .select({
      id: priceChanges.id,
      product_id: priceChanges.product_id,
      new_price: priceChanges.new_price,
      effective_date: priceChanges.effective_date,
      customer_id: priceChanges.customer_id,
    })
    .from(priceChanges)
    .where(
      and(
        eq(priceChanges.company_id, companyId),
        inArray(priceChanges.product_id, ids),
        lte(priceChanges.effective_date, today),
        // a POS sync's row that moved only the cost is history, not a price change
        or(isNull(priceChanges.new_cost), sql`${priceChanges.old_price} <> ${priceChanges.new_price}`),
        ctx.customerId
          ? or(isNull(priceChanges.customer_id), eq(priceChanges.customer_id, ctx.customerId))
          : isNull(priceChanges.customer_id),
      ),
    );
  const byProduct = new Map<number, PriceChangeLike[]>();
  for (const c of changes) {
    const list = byProduct.get(c.product_id) ?? [];
    list.push(c);
    byProduct.set(c.product_id, list);
  }
  const lastInvoice =
    ctx.customerId && ctx.tierPercentage === null
      ? await ctx.lastInvoiced(db, companyId, ctx.customerId, ids)
      : new Map<number, LastInvoicedPrice>();
  for (const r of rows) {
    out.set(
      r.id,
      resolvePrice({
        basePrice: r.product_price,
        today,
        customerId: ctx.customerId,
        changes: byProduct.get(r.id) ?? [],
        tierPercentage: ctx.tierPercentage,
        lastInvoice: lastInvoice.get(r.id) ?? null,
      }),
    );
  }
  return out;
}
