import type { FeatureName } from '@dbo/domain/features';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, companyFeatures } from './company.tables.js';

/**
 * What the demo seeds of the modules above ask of the demo company: features on (as rows, without
 * what switching one on in the app runs: the demo's own seeds make those rows) and settings of
 * the company row (the shop's subdomain, the fintech ids).
 */
export async function setDemoCompany(
  db: Db,
  companyId: number,
  opts: {
    features: FeatureName[];
    set?: Partial<Pick<typeof companies.$inferInsert, 'subdomain' | 'has_fintech' | 'fintech_id'>>;
  },
): Promise<void> {
  for (const name of opts.features)
    await db
      .insert(companyFeatures)
      .values({ company_id: companyId, name, active: true })
      .onConflictDoUpdate({ target: [companyFeatures.company_id, companyFeatures.name], set: { active: true } });
  if (opts.set) await db.update(companies).set(opts.set).where(eq(companies.id, companyId));
}
