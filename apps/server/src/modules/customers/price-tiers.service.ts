import { BASE_TIER_DEFAULTS, PRICE_TIER_MSG, type PriceTierPatch, type PriceTierValues } from '@dbo/domain/pricing';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findCompanyRow } from '../../lib/company-rows.js';
import { recordActivity } from '../activity/activity.service.js';
import { customers, priceTiers } from './customers.tables.js';

type TierRow = typeof priceTiers.$inferSelect;

export function publicTier(t: TierRow) {
  return {
    id: t.id,
    name: t.name,
    percentage: Number(t.percentage),
    color: t.color,
    is_base_tier: t.is_base_tier,
    created_at: t.created_at,
  };
}

/** Every company has one base tier (0 %), made on first use; customers without a tier are on it. */
export async function ensureBaseTier(db: DbOrTx, companyId: number): Promise<TierRow> {
  const find = () =>
    db
      .select()
      .from(priceTiers)
      .where(and(eq(priceTiers.company_id, companyId), eq(priceTiers.is_base_tier, true)));
  const [existing] = await find();
  if (existing) return existing;
  await db
    .insert(priceTiers)
    .values({
      company_id: companyId,
      name: BASE_TIER_DEFAULTS.name,
      percentage: String(BASE_TIER_DEFAULTS.percentage),
      color: BASE_TIER_DEFAULTS.color,
      is_base_tier: true,
    })
    .onConflictDoNothing();
  const [row] = await find();
  return row;
}

const findTier = (db: DbOrTx, companyId: number, id: number): Promise<TierRow> =>
  findCompanyRow(db, priceTiers, companyId, id, PRICE_TIER_MSG.notFound);

async function assertUniqueName(db: DbOrTx, companyId: number, name: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: priceTiers.id })
    .from(priceTiers)
    .where(and(eq(priceTiers.company_id, companyId), sql`lower(${priceTiers.name}) = lower(${name})`));
  if (dup && dup.id !== exceptId) throw badRequest(PRICE_TIER_MSG.duplicate(name));
}

/** Customer counts per tier; customers without a tier count on the base tier. */
export async function countCustomersPerTier(db: DbOrTx, companyId: number) {
  const base = await ensureBaseTier(db, companyId);
  const tiers = await db
    .select()
    .from(priceTiers)
    .where(eq(priceTiers.company_id, companyId))
    .orderBy(desc(priceTiers.is_base_tier), asc(priceTiers.id));
  const counts = await db
    .select({ tier: customers.product_price_tier_id, n: sql<number>`count(*)::int` })
    .from(customers)
    .where(and(eq(customers.company_id, companyId), isNull(customers.deleted_at)))
    .groupBy(customers.product_price_tier_id);
  const ids = new Set(tiers.map((t) => t.id));
  const byTier = new Map<number, number>();
  for (const c of counts) {
    const id = c.tier !== null && ids.has(c.tier) ? c.tier : base.id;
    byTier.set(id, (byTier.get(id) ?? 0) + Number(c.n));
  }
  return tiers.map((t) => ({ price_tier_id: t.id, name: t.name, count: byTier.get(t.id) ?? 0 }));
}

export async function listTiers(db: DbOrTx, companyId: number) {
  const counts = await countCustomersPerTier(db, companyId);
  const tiers = await db
    .select()
    .from(priceTiers)
    .where(eq(priceTiers.company_id, companyId))
    .orderBy(desc(priceTiers.is_base_tier), asc(priceTiers.id));
  return tiers.map((t) => ({
    ...publicTier(t),
    customer_count: counts.find((c) => c.price_tier_id === t.id)?.count ?? 0,
  }));
}

/** The activity of a tier's create, update or delete: the tier's id and name, then `more`. */
function logTier(
  tx: DbOrTx,
  companyId: number,
  userId: number,
  type: 'CREATE' | 'UPDATE' | 'DELETE',
  t: { id: number; name: string },
  more: Record<string, unknown>,
) {
  return recordActivity(tx, {
    companyId,
    userId,
    module: 'PRODUCT',
    type,
    info: { priceTierId: t.id, priceTier: t.name, name: `price tier ${t.name}`, ...more },
  });
}

export async function createTier(db: Db, companyId: number, userId: number, v: PriceTierValues) {
  await ensureBaseTier(db, companyId);
  await assertUniqueName(db, companyId, v.name);
  return db.transaction(async (tx) => {
    const [t] = await tx
      .insert(priceTiers)
      .values({ company_id: companyId, name: v.name, percentage: String(v.percentage), color: v.color })
      .returning();
    await logTier(tx, companyId, userId, 'CREATE', t, { percentage: v.percentage });
    return publicTier(t);
  });
}

export async function updateTier(db: Db, companyId: number, userId: number, id: number, patch: PriceTierPatch) {
  const cur = await findTier(db, companyId, id);
  if (cur.is_base_tier) throw badRequest(PRICE_TIER_MSG.baseNotEditable);
  const v: PriceTierValues = {
    name: patch.name ?? cur.name,
    percentage: patch.percentage ?? Number(cur.percentage),
    color: patch.color ?? cur.color,
  };
  await assertUniqueName(db, companyId, v.name, id);
  return db.transaction(async (tx) => {
    const [t] = await tx
      .update(priceTiers)
      .set({ name: v.name, percentage: String(v.percentage), color: v.color })
      .where(and(eq(priceTiers.id, id), eq(priceTiers.company_id, companyId)))
      .returning();
    await logTier(tx, companyId, userId, 'UPDATE', t, { percentage: v.percentage });
    return publicTier(t);
  });
}

/** Removes a tier; its customers move to the chosen tier, or to the base tier. */
export async function removeTier(
  db: Db,
  companyId: number,
  userId: number,
  id: number,
  migratingTierId: number | undefined,
) {
  const cur = await findTier(db, companyId, id);
  if (cur.is_base_tier) throw badRequest(PRICE_TIER_MSG.baseNotRemovable);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(priceTiers)
    .where(eq(priceTiers.company_id, companyId));
  if (Number(n) <= 1) throw badRequest(PRICE_TIER_MSG.onlyOne);
  if (migratingTierId === id) throw badRequest(PRICE_TIER_MSG.migrateSame);
  const target = migratingTierId ? await findTier(db, companyId, migratingTierId) : await ensureBaseTier(db, companyId);
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(customers)
      .set({ product_price_tier_id: target.id, updated_at: new Date() })
      .where(and(eq(customers.company_id, companyId), eq(customers.product_price_tier_id, id)))
      .returning({ id: customers.id });
    await tx.delete(priceTiers).where(and(eq(priceTiers.id, id), eq(priceTiers.company_id, companyId)));
    await logTier(
      tx,
      companyId,
      userId,
      'DELETE',
      { id, name: cur.name },
      { migratedTo: target.id, customers: moved.length },
    );
    return { success: true, id, migrating_price_tier_id: target.id, migrated_customers: moved.length };
  });
}

/**
 * A customer's tier for pricing: the customer's own, or the base tier when it has none (or its
 * tier is gone). 404 when the customer is not the company's. null: the company has no tiers yet.
 */
export async function customerPriceTier(db: DbOrTx, companyId: number, customerId: number) {
  const [c] = await db
    .select({ id: customers.id, tierId: customers.product_price_tier_id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.company_id, companyId)));
  if (!c) throw notFound('Customer not found');
  return tierOrBase(db, companyId, c.tierId);
}

/** The company's tier `tierId`, or its base tier when there is none or it is gone. null: the company has no tiers. */
export async function tierOrBase(db: DbOrTx, companyId: number, tierId: number | null) {
  const tiers = await db
    .select()
    .from(priceTiers)
    .where(
      and(
        eq(priceTiers.company_id, companyId),
        tierId ? or(eq(priceTiers.id, tierId), eq(priceTiers.is_base_tier, true)) : eq(priceTiers.is_base_tier, true),
      ),
    );
  const tier = tiers.find((t) => t.id === tierId) ?? tiers.find((t) => t.is_base_tier) ?? null;
  return tier ? { id: tier.id, name: tier.name, color: tier.color, percentage: Number(tier.percentage) } : null;
}

/** Whether the customer is the company's (404 otherwise). */
export async function assertCustomer(db: DbOrTx, companyId: number, customerId: number) {
  const [c] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.company_id, companyId)));
  if (!c) throw notFound('Customer not found');
}

/** Names of the company's customers by id (removed ones too), for lists that show them. */
export async function customerNames(db: DbOrTx, companyId: number, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.company_id, companyId), inArray(customers.id, unique)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
