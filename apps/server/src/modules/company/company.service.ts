import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { type CompanyBody, subdomainIssue } from '@dbo/domain/company';
import { type CompanyFeatureState, featureDefinition, type FeatureName } from '@dbo/domain/features';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordActivity } from '../activity/activity.service.js';
import { publicCompany, publicLogo } from '../auth/auth.service.js';
import { companies, companyFeatures, logos } from './company.tables.js';

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

export async function activeFeatureNames(db: DbOrTx, companyId: number): Promise<Set<string>> {
  const rows = await db
    .select({ name: companyFeatures.name })
    .from(companyFeatures)
    .where(and(eq(companyFeatures.company_id, companyId), eq(companyFeatures.active, true)));
  return new Set(rows.map((r) => r.name));
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
export async function updateCompany(db: Db, companyId: number, userId: number, v: CompanyBody) {
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
    await recordActivity(db, { companyId, userId, module: 'COMPANY', type: 'UPDATE' });
    return publicCompany(c);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(COMPANY_ERRORS.subdomainTaken);
    throw err;
  }
}

/** What a module above company does when a feature is switched on (inventory makes its items). */
export type FeatureOnListener = (db: Db, companyId: number) => Promise<void>;
const featureOnListeners = new Map<string, Set<FeatureOnListener>>();

/**
 * Modules above company act on a feature switched on without company importing them; answers the
 * function that unregisters the listener (on the app's close).
 */
export function onFeatureOn(name: string, listener: FeatureOnListener): () => void {
  const set = featureOnListeners.get(name) ?? new Set();
  featureOnListeners.set(name, set.add(listener));
  return () => {
    set.delete(listener);
  };
}

export async function toggleFeature(db: Db, companyId: number, userId: number, name: string, active: boolean) {
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
  if (row.active) for (const listener of featureOnListeners.get(name) ?? []) await listener(db, companyId);
  if (!requestOnly && existing?.active !== active) {
    await recordActivity(db, {
      companyId,
      userId,
      module: 'COMPANY',
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

export async function listLogos(db: DbOrTx, companyId: number) {
  const rows = await db.select().from(logos).where(eq(logos.company_id, companyId)).orderBy(logos.id);
  return rows.map(publicLogo);
}

export function logoDir(dataDir: string) {
  return path.join(dataDir, 'uploads', 'logos');
}

export async function saveLogo(
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
  await recordActivity(db, { companyId, userId, module: 'COMPANY', type: 'CREATE', info: { logo: row.id } });
  return publicLogo(row);
}

export async function removeLogo(db: Db, dataDir: string, companyId: number, userId: number, id: number) {
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
  await recordActivity(db, { companyId, userId, module: 'COMPANY', type: 'DELETE', info: { logo: id } });
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
