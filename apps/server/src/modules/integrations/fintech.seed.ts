import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, companyFeatures } from '../company/company.tables.js';
import { firstCustomers } from '../customers/customers.seed.js';
import { customers } from '../customers/customers.tables.js';
import { saveIntegrationCredentials } from './credentials.service.js';

/**
 * Fintech and MPower for the demo company, so a newcomer sees both syncs work against the local
 * simulators: both features on, the company's and three customers' fintech ids, and demo API keys
 * (any key but `invalid` is accepted by the simulators).
 */
export async function seedDemoFintech(db: Db, companyId: number): Promise<void> {
  for (const name of ['fintech', 'mpower'])
    await db
      .insert(companyFeatures)
      .values({ company_id: companyId, name, active: true })
      .onConflictDoUpdate({ target: [companyFeatures.company_id, companyFeatures.name], set: { active: true } });
  await db.update(companies).set({ has_fintech: true, fintech_id: 'LSD-001' }).where(eq(companies.id, companyId));
  const custs = await firstCustomers(db, companyId, 3);
  for (const [i, c] of custs.entries())
    await db
      .update(customers)
      .set({ fintech_option: true, fintech_id: `RTL-${String(1001 + i)}` })
      .where(eq(customers.id, c.id));
  try {
    await saveIntegrationCredentials(db, companyId, 'fintech', { api_key: 'demo-fintech-key' });
    await saveIntegrationCredentials(db, companyId, 'mpower', { api_key: 'demo-mpower-key' });
  } catch (err) {
    // main.ts sets the secrets key before seeding; a test seeding a bare database has none and
    // gets the demo without keys (Sync then asks for them)
    if (!String((err as Error).message).startsWith('secrets key not configured')) throw err;
  }
}
