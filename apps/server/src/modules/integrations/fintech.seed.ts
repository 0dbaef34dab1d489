import type { Db } from '../../db/client.js';
import { setDemoCompany } from '../company/company.seed.js';
import { setDemoFintechCustomers } from '../customers/customers.seed.js';
import { saveIntegrationCredentials } from './credentials.service.js';

/**
 * Fintech and MPower for the demo company, so a newcomer sees both syncs work against the local
 * simulators: both features on, the company's and three customers' fintech ids, and demo API keys
 * (any key but `invalid` is accepted by the simulators).
 */
export async function seedDemoFintech(db: Db, companyId: number): Promise<void> {
  await setDemoCompany(db, companyId, {
    features: ['fintech', 'mpower'],
    set: { has_fintech: true, fintech_id: 'LSD-001' },
  });
  await setDemoFintechCustomers(db, companyId, 3);
  try {
    await saveIntegrationCredentials(db, companyId, 'fintech', { api_key: 'demo-fintech-key' });
    await saveIntegrationCredentials(db, companyId, 'mpower', { api_key: 'demo-mpower-key' });
  } catch (err) {
    // main.ts sets the secrets key before seeding; a test seeding a bare database has none and
    // gets the demo without keys (Sync then asks for them)
    if (!String((err as Error).message).startsWith('secrets key not configured')) throw err;
  }
}
