/**
 * Products pulled from a point-of-sale partner (Bottle POS, Clover): while one is active it owns
 * the catalogue (creation blocked, synced fields disabled: product-writes.service.ts), so its
 * products are written here, bypassing those rules.
 *
 * A pull never rewrites silently (issue 30):
 * - a POS product is matched to ours by its POS id (pos_source + pos_id), then by UPC; a product
 *   matched by UPC is linked to the POS id;
 * - our UPC and SKU are never changed: a POS product whose UPC or SKU differs from ours, or that has
 *   the name and size of another of our products, is a conflict, reported and not applied;
 * - a price or cost change lands in the price history (price_changes) with the partner as source;
 * - our name, size and type stay ours; a product the pull creates gets its type from the POS
 *   category table (@dbo/domain/pos-category) and is hidden from the shop until staff save it once
 *   (pos_new).
 */
import { productTypeFromPos } from '@dbo/domain/pos-category';
import { POS_LABEL, type PosPartner } from '@dbo/domain/pos-sync';
import { todayInTexas } from '@dbo/domain/dates';
import { centsToString, toCents } from '@dbo/domain/money';
import { and, asc, eq, ne, or, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { PosProduct } from '../../integrations/pos-client.js';
import { priceChanges, products } from './products.tables.js';

export interface PullOutcome {
  /** what the pull did to our catalogue ('none': a conflict kept it from creating the product) */
  result: 'created' | 'updated' | 'unchanged' | 'none';
  /** what was reported and not applied, in words */
  conflicts: string[];
}

const MONEY_RE = /^\d{1,10}(\.\d{1,2})?$/;

/** Creates, updates or leaves one pulled product; answers what happened. Throws on a product it cannot store. */
export async function upsertPulledProduct(
  db: DbOrTx,
  companyId: number,
  partner: PosPartner,
  p: PosProduct,
): Promise<PullOutcome> {
  const label = POS_LABEL[partner];
  const name = p.name.trim().toUpperCase();
  const size = p.size.trim().toUpperCase();
  if (!name || !size || !p.id) throw new Error(`product ${p.sku || p.id || '?'} has no id, name or size`);
  if (!MONEY_RE.test(p.price)) throw new Error(`product ${p.sku || p.id}: invalid price ${p.price}`);
  const price = centsToString(toCents(p.price));
  const cost = MONEY_RE.test(p.cost) ? centsToString(toCents(p.cost)) : null;
  const upc = p.upc?.trim().slice(0, 32) || null;
  const sku = p.sku?.trim().slice(0, 64) || null;
  const posId = String(p.id).slice(0, 64);
  const them = `${label} product ${name} ${size}`;

  const [byId] = await db
    .select()
    .from(products)
    .where(and(eq(products.company_id, companyId), eq(products.pos_source, partner), eq(products.pos_id, posId)))
    .limit(1);
  const [byUpc] =
    byId || !upc
      ? []
      : await db
          .select()
          .from(products)
          .where(
            and(
              eq(products.company_id, companyId),
              eq(products.upc, upc),
              // a product linked to another POS id of this partner is another product
              or(isNull(products.pos_id), ne(products.pos_source, partner)),
            ),
          )
          .orderBy(asc(products.id))
          .limit(1);
  const ours = byId ?? byUpc;

  if (!ours) {
    const [sameName] = await db
      .select({ id: products.id, upc: products.upc })
      .from(products)
      .where(and(eq(products.company_id, companyId), eq(products.product, name), eq(products.product_size, size)))
      .limit(1);
    if (sameName)
      return {
        result: 'none',
        conflicts: [
          `${them} (UPC ${upc ?? 'none'}) has the name and size of our product #${sameName.id} (UPC ${sameName.upc ?? 'none'}): not created`,
        ],
      };
    const [skuTaken] = sku
      ? await db
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.company_id, companyId), eq(products.internal_sku, sku)))
          .limit(1)
      : [];
    await db.insert(products).values({
      company_id: companyId,
      product: name,
      product_size: size,
      product_type: productTypeFromPos(p.category, p.type),
      product_price: price,
      last_purchase_price: cost ?? '0',
      upc,
      internal_sku: skuTaken ? null : sku,
      pos_source: partner,
      pos_id: posId,
      pos_new: true,
    });
    return {
      result: 'created',
      conflicts: skuTaken ? [`${them}: SKU ${sku} is our product #${skuTaken.id}'s, created without it`] : [],
    };
  }

  const conflicts: string[] = [];
  if (upc && ours.upc && upc !== ours.upc)
    conflicts.push(`${them}: UPC ${upc} differs from ours (${ours.upc}) on product #${ours.id}: ours kept`);
  if (sku && ours.internal_sku && sku !== ours.internal_sku)
    conflicts.push(`${them}: SKU ${sku} differs from ours (${ours.internal_sku}) on product #${ours.id}: ours kept`);

  const priceMoved = toCents(ours.product_price) !== toCents(price);
  const costMoved = cost !== null && toCents(ours.last_purchase_price) !== toCents(cost);
  const link = !byId;
  if (!priceMoved && !costMoved && !link) return { result: 'unchanged', conflicts };
  await db
    .update(products)
    .set({
      ...(priceMoved ? { product_price: price } : {}),
      ...(costMoved && cost ? { last_purchase_price: cost } : {}),
      ...(link ? { pos_source: partner, pos_id: posId } : {}),
      updated_at: new Date(),
    })
    .where(and(eq(products.id, ours.id), eq(products.company_id, companyId)));
  if (priceMoved || costMoved)
    await db.insert(priceChanges).values({
      company_id: companyId,
      product_id: ours.id,
      customer_id: null,
      old_price: ours.product_price,
      new_price: priceMoved ? price : ours.product_price,
      old_cost: costMoved ? ours.last_purchase_price : null,
      new_cost: costMoved ? cost : null,
      effective_date: todayInTexas(),
      user_id: null,
      applied: true,
      source: partner,
    });
  return { result: 'updated', conflicts };
}
