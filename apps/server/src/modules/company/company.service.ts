import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { type CompanyBody, subdomainIssue } from '@dbo/domain/company';
import { type CompanyFeatureState, FEATURES, featureDefinition, type FeatureName } from '@dbo/domain/features';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, isUniqueViolation, notFound } from '../../lib/errors.js';
import { companies, companyFeatures, logos, users } from './company.tables.js';

export const COMPANY_ERRORS = {
  subdomainTaken: 'This subdomain is already taken',
  logoType: 'The logo must be a PNG, JPEG, GIF or WebP image',
  logoSize: 'The logo must be at most 2 MB',
  logoMissing: 'Please choose a logo file',
  comingSoon: 'This feature is coming soon',
  unknownFeature: 'Unknown feature',
  gated: 'Access to this feature has been requested; we will activate it for you',
} as const;

export const LOGO_TYPES: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
};
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A change to the company's own settings. Company is the bottom of the module stack: it announces
 * its changes and the activity module, above it, records them in the log, in the same transaction.
 */
export interface CompanyChange {
  companyId: number;
  userId: number;
  type: 'UPDATE' | 'CREATE' | 'DELETE' | 'FEATURE_ON' | 'FEATURE_OFF';
  info?: Record<string, unknown>;
}
export type CompanyChangeListener = (db: DbOrTx, change: CompanyChange) => Promise<void>;

/**
 * What modules above company plug into it, per app (modules/wiring.ts lists them): the listeners of
 * a change to the settings (activity logs it, in the same transaction) and, per feature, what runs
 * when it is switched on (inventory makes its items).
 */
export interface CompanyHooks {
  changed: readonly CompanyChangeListener[];
  featureOn: Readonly<Partial<Record<FeatureName, readonly FeatureOnListener[]>>>;
}
export interface CompanyWiring {
  company: CompanyHooks;
}

async function announce(w: CompanyWiring, db: DbOrTx, change: CompanyChange) {
  for (const listener of w.company.changed) await listener(db, change);
}

async function featureSwitchedOn(w: CompanyWiring, db: Db, companyId: number, name: FeatureName) {
  for (const listener of w.company.featureOn[name] ?? []) await listener(db, companyId);
}

export async function activeFeatureNames(db: DbOrTx, companyId: number): Promise<Set<string>> {
  const rows = await db
    .select({ name: companyFeatures.name })
    .from(companyFeatures)
    .where(and(eq(companyFeatures.company_id, companyId), eq(companyFeatures.active, true)));
  return new Set(rows.map((r) => r.name));
}

/**
 * Whether a feature is on, as an SQL expression a read can select next to its rows (PostgreSQL
 * evaluates it once per statement), so the read needs no second round trip for it.
 */
export function featureOnSql(companyId: number | Placeholder, name: FeatureName): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${companyFeatures} where ${companyFeatures.company_id} = ${companyId} and ${companyFeatures.name} = ${name} and ${companyFeatures.active})`;
}

/** Every feature state row of the company (name, active, ignore_pricing). */
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

export async function isFeatureOn(db: DbOrTx, companyId: number, name: FeatureName): Promise<boolean> {
  return (await activeFeatureNames(db, companyId)).has(name);
}

export async function getCompany(db: DbOrTx, companyId: number) {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!c) throw notFound('Company not found');
  return c;
}

/** Checks the rule that depends on the company's features, then saves. */
export async function updateCompany(w: CompanyWiring, db: Db, companyId: number, userId: number, v: CompanyBody) {
  const issue = subdomainIssue(v, { orderActive: await isFeatureOn(db, companyId, 'order') });
  if (issue) throw badRequest(issue, [issue]);
  if (v.default_logo_id) {
    const [l] = await db
      .select({ id: logos.id })
      .from(logos)
      .where(and(eq(logos.id, v.default_logo_id), eq(logos.company_id, companyId)));
    if (!l) throw badRequest('The default logo does not exist');
  }
  try {
    const [c] = await db
      .update(companies)
      .set({ ...v, default_logo_id: v.default_logo_id ?? null, tax_rate: String(v.tax_rate), updated_at: new Date() })
      .where(eq(companies.id, companyId))
      .returning();
    await announce(w, db, {
      companyId,
      userId,
      type: 'UPDATE',
    });
    return publicCompany(c);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(COMPANY_ERRORS.subdomainTaken);
    throw err;
  }
}

/** What a module above company does when a feature is switched on (inventory makes its items). */
export type FeatureOnListener = (db: Db, companyId: number) => Promise<void>;

export async function toggleFeature(
  w: CompanyWiring,
  db: Db,
  companyId: number,
  userId: number,
  name: string,
  active: boolean,
) {
  const def = featureDefinition(name);
  if (!def) throw badRequest(COMPANY_ERRORS.unknownFeature);
  if (def.comingSoon) throw badRequest(COMPANY_ERRORS.comingSoon);
  const [existing] = await db
    .select()
    .from(companyFeatures)
    .where(and(eq(companyFeatures.company_id, companyId), eq(companyFeatures.name, name)));
  // A gated feature is only requested by the company; switching it on is ours to do.
  const requestOnly = def.gated && active && !existing?.active;
  const values = requestOnly
    ? { access_requested_at: new Date(), updated_at: new Date() }
    : { active, updated_at: new Date() };
  const [row] = await db
    .insert(companyFeatures)
    .values({ company_id: companyId, name, active: requestOnly ? false : active, ...values })
    .onConflictDoUpdate({ target: [companyFeatures.company_id, companyFeatures.name], set: values })
    .returning();
  if (row.active) await featureSwitchedOn(w, db, companyId, def.name);
  if (!requestOnly && existing?.active !== active) {
    await announce(w, db, {
      companyId,
      userId,
      type: active ? 'FEATURE_ON' : 'FEATURE_OFF',
      info: { feature: name },
    });
  }
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    ignore_pricing: row.ignore_pricing,
    access_requested: !!row.access_requested_at,
  };
}

/**
 * The operator's switch (modules/operator): sets a feature's state for a company whatever its gate,
 * runs what switching it on does (as toggleFeature), and answers the row before and after. The
 * operator module logs it in the company's activity as the operator's action.
 */
export async function setFeatureState(
  w: CompanyWiring,
  db: Db,
  companyId: number,
  name: FeatureName,
  state: { active: boolean; ignore_pricing?: boolean },
) {
  const [before] = await db
    .select()
    .from(companyFeatures)
    .where(and(eq(companyFeatures.company_id, companyId), eq(companyFeatures.name, name)));
  const values = {
    active: state.active,
    ...(state.ignore_pricing === undefined ? {} : { ignore_pricing: state.ignore_pricing }),
    updated_at: new Date(),
  };
  const [row] = await db
    .insert(companyFeatures)
    .values({ company_id: companyId, name, ...values })
    .onConflictDoUpdate({ target: [companyFeatures.company_id, companyFeatures.name], set: values })
    .returning();
  if (row.active && !before?.active) await featureSwitchedOn(w, db, companyId, name);
  return { before, row };
}

export async function listLogos(db: DbOrTx, companyId: number) {
  const rows = await db.select().from(logos).where(eq(logos.company_id, companyId)).orderBy(logos.id);
  return rows.map(publicLogo);
}

export function logoDir(dataDir: string) {
  return path.join(dataDir, 'uploads', 'logos');
}

export async function saveLogo(
  w: CompanyWiring,
  db: Db,
  dataDir: string,
  companyId: number,
  userId: number,
  file: { filename: string; mimetype: string; buffer: Buffer },
) {
  const ext = LOGO_TYPES[file.mimetype];
  if (!ext || !looksLikeImage(file.buffer, file.mimetype)) throw badRequest(COMPANY_ERRORS.logoType);
  if (file.buffer.length > LOGO_MAX_BYTES) throw badRequest(COMPANY_ERRORS.logoSize);
  const name = `${randomUUID()}${ext}`;
  await fs.mkdir(logoDir(dataDir), { recursive: true });
  await fs.writeFile(path.join(logoDir(dataDir), name), file.buffer);
  const [row] = await db
    .insert(logos)
    .values({
      company_id: companyId,
      path: `/api/v1/logo-files/${name}`,
      originalname: file.filename,
      mimetype: file.mimetype,
      size: file.buffer.length,
    })
    .returning();
  // the first logo becomes the default one
  await db
    .update(companies)
    .set({ default_logo_id: row.id })
    .where(and(eq(companies.id, companyId), sql`${companies.default_logo_id} is null`));
  await announce(w, db, {
    companyId,
    userId,
    type: 'CREATE',
    info: { logo: row.id },
  });
  return publicLogo(row);
}

export async function removeLogo(
  w: CompanyWiring,
  db: Db,
  dataDir: string,
  companyId: number,
  userId: number,
  id: number,
) {
  const [row] = await db
    .delete(logos)
    .where(and(eq(logos.id, id), eq(logos.company_id, companyId)))
    .returning();
  if (!row) throw notFound('Logo not found');
  await db
    .update(companies)
    .set({ default_logo_id: null })
    .where(and(eq(companies.id, companyId), eq(companies.default_logo_id, id)));
  await fs.rm(path.join(logoDir(dataDir), path.basename(row.path)), { force: true });
  await announce(w, db, {
    companyId,
    userId,
    type: 'DELETE',
    info: { logo: id },
  });
  return { success: true };
}

/** Checks the file's magic bytes, so a renamed file is not taken for an image. */
export function looksLikeImage(buf: Buffer, mimetype: string): boolean {
  const hex = buf.subarray(0, 12).toString('hex');
  switch (mimetype) {
    case 'image/png':
      return hex.startsWith('89504e470d0a1a0a');
    case 'image/jpeg':
      return hex.startsWith('ffd8ff');
    case 'image/gif':
      return hex.startsWith('47494638');
    case 'image/webp':
      return hex.startsWith('52494646') && buf.subarray(8, 12).toString('ascii') === 'WEBP';
    default:
      return false;
  }
}

/** The signed-in user with the company, its features and logos, as validate_token answers it. */
export async function userProfile(db: Db, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) return undefined;
  const [company] = await db.select().from(companies).where(eq(companies.id, u.company_id));
  const rows = await db.select().from(companyFeatures).where(eq(companyFeatures.company_id, u.company_id));
  const companyFeaturesList = FEATURES.map((f) => {
    const r = rows.find((x) => x.name === f.name);
    return {
      name: f.name,
      active: !!r?.active,
      ignore_pricing: !!r?.ignore_pricing,
      access_requested: !!r?.access_requested_at,
    };
  });
  const logoRows = await db.select().from(logos).where(eq(logos.company_id, u.company_id));
  const { password_hash: _ph, invite_token_hash: _it, ...user } = u;
  return {
    ...user,
    company: {
      ...publicCompany(company),
      companyFeatures: companyFeaturesList,
      logos: logoRows.map(publicLogo),
    },
  };
}

export function publicCompany(c: typeof companies.$inferSelect) {
  const { last_invoice_number: _a, last_beer_invoice_number: _b, last_order_number: _c, ...rest } = c;
  return { ...rest, tax_rate: Number(c.tax_rate) };
}

export function publicLogo(l: typeof logos.$inferSelect) {
  return { id: l.id, path: l.path, originalname: l.originalname, mimetype: l.mimetype, size: l.size };
}

/** The company's holiday list (null: back to the seeded Texas holidays). */
export async function setHolidays(db: DbOrTx, companyId: number, holidays: typeof companies.$inferInsert.holidays) {
  await db.update(companies).set({ holidays }).where(eq(companies.id, companyId));
}

/** The next online order number, counted on the company row (locked until the caller commits). */
export async function nextOrderNumber(tx: DbOrTx, companyId: number): Promise<number> {
  const [{ n }] = await tx
    .update(companies)
    .set({ last_order_number: sql`${companies.last_order_number} + 1` })
    .where(eq(companies.id, companyId))
    .returning({ n: companies.last_order_number });
  return n;
}

/**
 * The company's invoice numbering (a sequence for liquor and wine, another for beer): the
 * statement that takes the next number, `greatest(last + 1, starting number)`, on the company row
 * (locked until the caller commits, so concurrent saves queue and never collide). As a fragment
 * for a statement of the caller's (`with num as (...)`), answering the number as `n`.
 */
export function takeInvoiceNumberSql(companyId: number, beer: boolean): SQL {
  const column = beer ? companies.last_beer_invoice_number : companies.last_invoice_number;
  return sql`update ${companies} set ${sql.identifier(column.name)} = greatest(${column} + 1, ${companies.starting_invoice_number})
      where ${companies.id} = ${companyId} returning ${column} as n`;
}

/** Takes the next invoice number of a sequence (an edit that moves an invoice to the other one). */
export async function takeInvoiceNumber(tx: DbOrTx, companyId: number, beer: boolean): Promise<number> {
  const column = beer ? companies.last_beer_invoice_number : companies.last_invoice_number;
  const next = sql`greatest(${column} + 1, ${companies.starting_invoice_number})`;
  const rows = await tx
    .update(companies)
    .set(beer ? { last_beer_invoice_number: next } : { last_invoice_number: next })
    .where(eq(companies.id, companyId))
    .returning({ n: column });
  if (!rows[0]) throw notFound('Company not found');
  return rows[0].n;
}
