import { todayInTexas } from '@dbo/domain/dates';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../company/company.tables.js';
import { createRoute, eligibleForRoutes } from './delivery-route.service.js';

/**
 * Today's route of the demo: three stops (three customers' open invoices), driven by the demo
 * login so that /driver on a phone shows it at once.
 */
export async function seedDemoDelivery(db: Db, companyId: number): Promise<void> {
  const [owner] = await db.select().from(users).where(eq(users.company_id, companyId)).orderBy(asc(users.id)).limit(1);
  if (!owner) return;
  const picked = new Map<number, number>();
  for (const inv of await eligibleForRoutes(db, companyId)) {
    if (inv.route_id === null && !picked.has(inv.customer_id)) picked.set(inv.customer_id, inv.id);
    if (picked.size === 3) break;
  }
  if (!picked.size) return;
  await createRoute(
    db,
    { companyId, userId: owner.id },
    { date: todayInTexas(), driver_user_id: owner.id, invoice_ids: [...picked.values()] },
  );
}
