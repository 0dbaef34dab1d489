import { CUSTOMER_MSG, isPermitCode, normalizeTabcId, tabcExpiration, type CustomerValues } from '@dbo/domain/customer';
import type { GridQuery } from '@dbo/domain/grid';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { type GridColumns, runGrid } from '../../db/grid.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { printLinkGone } from '../../lib/print-token.js';
import { recordActivity } from '../activity/activity.service.js';
import { customers, customerUsers, establishments, priceTiers } from './customers.tables.js';
import { tabcPermitData } from './tabc.service.js';

type CustomerRow = typeof customers.$inferSelect;

/** A customer's credit-law flags: delinquent with this company, and on TABC's delinquent list. */
export interface CreditFlags {
  delinquent: boolean;
  tabc_delinquent: boolean;
}
export type CreditFlagsOf = (
  db: DbOrTx,
  companyId: number,
  list: readonly { id: number; tabc_id: string }[],
) => Promise<Map<number, CreditFlags>>;

/**
 * Delinquency is judged from the customer's invoices, a module above this one: the app's wiring
 * (modules/wiring.ts) gives the invoices module's judgement, and the customer grid and page show it.
 */
export interface CustomerWiring {
  customers: { creditFlagsOf: CreditFlagsOf };
}

const tierColumns = {
  id: priceTiers.id,
  name: priceTiers.name,
  percentage: priceTiers.percentage,
  color: priceTiers.color,
  is_base_tier: priceTiers.is_base_tier,
};

type TierRow = { id: number; name: string; percentage: string; color: string; is_base_tier: boolean } | null;

export function publicCustomer(c: CustomerRow, tier?: TierRow) {
  return {
    ...c,
    credit_limit: c.credit_limit === null ? null : Number(c.credit_limit),
    deleted: !!c.deleted_at,
    productPriceTier: tier?.id ? { ...tier, percentage: Number(tier.percentage) } : null,
  };
}

/** The customer page's answer: the customer with its credit-law flags. */
export async function customerWithFlags(w: CustomerWiring, db: DbOrTx, companyId: number, id: number) {
  const c = await findCustomer(db, companyId, id);
  const flags = await w.customers.creditFlagsOf(db, companyId, [c]);
  return { ...c, ...flags.get(c.id) };
}

/** A price tier may only be one of the company's own. */
async function checkTier(db: DbOrTx, companyId: number, tierId: number | null) {
  if (!tierId) return;
  const [t] = await db
    .select({ id: priceTiers.id })
    .from(priceTiers)
    .where(and(eq(priceTiers.id, tierId), eq(priceTiers.company_id, companyId)));
  if (!t) throw badRequest(CUSTOMER_MSG.priceTier);
}

/** The company's live customer (not removed); another company's or a removed one is a 404. */
export async function findCustomer(db: DbOrTx, companyId: number, id: number, opts: { withDeleted?: boolean } = {}) {
  const [row] = await db
    .select({ c: customers, tier: tierColumns })
    .from(customers)
    .leftJoin(priceTiers, eq(priceTiers.id, customers.product_price_tier_id))
    .where(
      and(
        eq(customers.id, id),
        eq(customers.company_id, companyId),
        opts.withDeleted ? undefined : isNull(customers.deleted_at),
      ),
    );
  if (!row) throw notFound(CUSTOMER_MSG.notFound);
  return publicCustomer(row.c, row.tier as TierRow);
}

/**
 * A public print link's customer (balance, statement, invoice, order): a link dies with its
 * customer, so a deleted (or unknown) customer answers the same 404 as a bad token.
 */
export async function assertPrintableCustomer(db: DbOrTx, companyId: number, customerId: number | null | undefined) {
  if (customerId == null) return;
  const [c] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.company_id, companyId), isNull(customers.deleted_at)));
  if (!c) throw printLinkGone();
}

export async function listCustomers(db: DbOrTx, companyId: number) {
  const rows = await db
    .select({ c: customers, tier: tierColumns })
    .from(customers)
    .leftJoin(priceTiers, eq(priceTiers.id, customers.product_price_tier_id))
    .where(and(eq(customers.company_id, companyId), isNull(customers.deleted_at)))
    .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id));
  return rows.map((r) => publicCustomer(r.c, r.tier as TierRow));
}

const gridColumns: GridColumns = {
  id: { expr: customers.id, type: 'number' },
  name: { expr: customers.name, type: 'text' },
  address: { expr: customers.address, type: 'text' },
  city: { expr: customers.city, type: 'text' },
  state: { expr: customers.state, type: 'text' },
  zip: { expr: customers.zip, type: 'text' },
  tabc_id: { expr: customers.tabc_id, type: 'text' },
  contact_name: { expr: customers.contact_name, type: 'text' },
  contact_email: { expr: customers.contact_email, type: 'text' },
  contact_phone: { expr: customers.contact_phone, type: 'text' },
  cash_on_delivery: { expr: customers.cash_on_delivery, type: 'boolean' },
  fintech_option: { expr: customers.fintech_option, type: 'boolean' },
  service_start: { expr: customers.service_start, type: 'date' },
  created_at: { expr: customers.created_at, type: 'timestamp' },
  productPriceTier: { expr: priceTiers.name, type: 'text' },
};

export async function customerGrid(w: CustomerWiring, db: DbOrTx, companyId: number, q: GridQuery) {
  const { rows, count } = await runGrid(db, {
    select: { c: customers, tier: tierColumns },
    from: customers,
    joins: [
      {
        table: priceTiers,
        on: eq(priceTiers.id, customers.product_price_tier_id),
        kind: 'left',
        countOnlyFor: ['productPriceTier'],
      },
    ],
    columns: gridColumns,
    query: q,
    defaultSort: [{ colId: 'name', sort: 'asc' }],
    tieBreaker: customers.id,
    scope: [eq(customers.company_id, companyId), isNull(customers.deleted_at)],
  });
  const flags = await w.customers.creditFlagsOf(
    db,
    companyId,
    rows.map((r) => r.c),
  );
  return { rows: rows.map((r) => ({ ...publicCustomer(r.c, r.tier as TierRow), ...flags.get(r.c.id) })), count };
}

/** The activity of a customer created, updated or removed. */
const logCustomer = (
  tx: DbOrTx,
  companyId: number,
  userId: number,
  type: 'CREATE' | 'UPDATE' | 'DELETE',
  customerId: number,
  name: string,
) => recordActivity(tx, { companyId, userId, module: 'CUSTOMER', type, info: { customerId, name } });

export async function createCustomer(db: Db, companyId: number, userId: number, v: CustomerValues) {
  return db.transaction(async (tx) => {
    await checkTier(tx, companyId, v.product_price_tier_id);
    const [row] = await tx
      .insert(customers)
      .values({ ...v, company_id: companyId })
      .returning();
    await logCustomer(tx, companyId, userId, 'CREATE', row.id, row.name);
    return findCustomer(tx, companyId, row.id);
  });
}

export async function updateCustomer(db: Db, companyId: number, userId: number, id: number, v: CustomerValues) {
  await findCustomer(db, companyId, id);
  return db.transaction(async (tx) => {
    await checkTier(tx, companyId, v.product_price_tier_id);
    await tx
      .update(customers)
      .set({ ...v, updated_at: new Date() })
      .where(and(eq(customers.id, id), eq(customers.company_id, companyId)));
    await logCustomer(tx, companyId, userId, 'UPDATE', id, v.name);
    return findCustomer(tx, companyId, id);
  });
}

/**
 * Removal is soft: invoices keep pointing at the row and show 'Deleted customer!'. The customer's
 * users lose access with it.
 */
export async function removeCustomer(db: Db, companyId: number, userId: number, id: number) {
  const c = await findCustomer(db, companyId, id);
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where(and(eq(customers.id, id), eq(customers.company_id, companyId)));
    await tx
      .update(customerUsers)
      .set({ is_enable: false })
      .where(and(eq(customerUsers.customer_id, id), eq(customerUsers.company_id, companyId)));
    await logCustomer(tx, companyId, userId, 'DELETE', id, c.name);
  });
  return { success: true, id };
}

/** Establishments for the create form: a permit code matches exactly, other text by word prefixes. */
export async function autoFillSuggestions(db: DbOrTx, query: string, limit = 10) {
  const q = query.trim();
  const select = {
    license_type: establishments.license_type,
    license_id: establishments.license_id,
    tabc_id: establishments.tabc_id,
    trade_name: establishments.trade_name,
    owner: establishments.owner,
    address: establishments.address,
    city: establishments.city,
    county: establishments.county,
    state: establishments.state,
    zip: establishments.zip,
    status: establishments.status,
    issue_date: establishments.issue_date,
    expiration_date: establishments.expiration_date,
  };
  let rows: Omit<typeof establishments.$inferSelect, 'search_text' | 'updated_at'>[];
  if (isPermitCode(q)) {
    rows = await db
      .select(select)
      .from(establishments)
      .where(eq(establishments.tabc_id, normalizeTabcId(q)))
      .limit(limit);
  } else {
    const words = q
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, 8);
    if (!words.length) return [];
    const tsq = words.map((w) => `${w}:*`).join(' & ');
    const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    rows = await db
      .select(select)
      .from(establishments)
      .where(sql`to_tsvector('simple', ${establishments.search_text}) @@ to_tsquery('simple', ${tsq})`)
      .orderBy(
        sql`case when lower(${establishments.trade_name}) like ${prefix} then 0 else 1 end`,
        sql`case when ${establishments.status} ilike 'active' then 0 else 1 end`,
        asc(establishments.trade_name),
        asc(establishments.tabc_id),
      )
      .limit(limit);
  }
  return rows.map((e) => {
    const numeric = /^\d+$/.test(e.license_id) && e.tabc_id === `${e.license_type}${e.license_id}`;
    return {
      ...e,
      // the fields of the customer form this establishment fills
      name: titleCase(e.trade_name),
      address: titleCase(e.address),
      city: titleCase(e.city),
      aims_license_type: numeric ? e.license_type : null,
      aims_id: numeric ? Number(e.license_id) : null,
    };
  });
}

/** 'THE BROKEN SPOKE' -> 'The Broken Spoke' (TABC data is upper case). */
export function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s\-/&(])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase());
}

export async function customerTabcExpiration(db: Db, companyId: number, id: number) {
  const c = await findCustomer(db, companyId, id, { withDeleted: true });
  const data = await tabcPermitData(db, c.tabc_id);
  return tabcExpiration(c.tabc_id, data.expiration_date, data.effective_date);
}

export async function listPriceTiers(db: DbOrTx, companyId: number) {
  const rows = await db
    .select(tierColumns)
    .from(priceTiers)
    .where(eq(priceTiers.company_id, companyId))
    .orderBy(asc(priceTiers.id));
  return rows.map((t) => ({ ...t, percentage: Number(t.percentage) }));
}
