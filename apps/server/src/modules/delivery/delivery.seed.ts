import { todayInTexas } from '@dbo/domain/dates';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../company/company.tables.js';
import { createRoute, eligibleForRoutes } from './delivery-route.service.js';

/**
 * Today's route of the demo: three stops (three customers' open invoices), driven by the demo's
 * driver (the demo's first user with the driver role; its owner when it has none), so that the
 * driver login on a phone opens /driver on it at once.
 */
export async function seedDemoDelivery(db: Db, companyId: number): Promise<void> {
  const staff = await db.select().from(users).where(eq(users.company_id, companyId)).orderBy(asc(users.id));
  const owner = staff[0];
  if (!owner) return;
  const driver = staff.find((u) => u.role === 'driver' && u.active) ?? owner;
  const picked = new Map<number, number>();
  const open = await eligibleForRoutes(db, companyId);
  // invoices still to be paid first: the demo shows a delivery that becomes 'delivered'
  const unpaid = (s: string) => (s === 'paid' || s === 'partially_paid' ? 1 : 0);
  open.sort((a, b) => unpaid(a.status) - unpaid(b.status));
  for (const inv of open) {
    if (inv.route_id === null && !picked.has(inv.customer_id)) picked.set(inv.customer_id, inv.id);
    if (picked.size === 3) break;
  }
  if (!picked.size) return;
  await createRoute(
    db,
    { companyId, userId: owner.id },
    { date: todayInTexas(), driver_user_id: driver.id, invoice_ids: [...picked.values()] },
  );
}
