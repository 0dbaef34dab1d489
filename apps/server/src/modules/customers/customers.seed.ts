import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hashPassword } from '../../lib/passwords.js';
import { customerUsers, customers } from './customers.tables.js';

/** The ids of the company's first `n` customers (by id): the demo seeds of the modules above give them their extras. */
export async function firstCustomers(db: Db, companyId: number, n: number) {
  return db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.company_id, companyId))
    .orderBy(asc(customers.id))
    .limit(n);
}

/** The demo's fintech customers: the first `n` take the fintech option with ids RTL-1001, RTL-1002... */
export async function setDemoFintechCustomers(db: Db, companyId: number, n: number): Promise<void> {
  for (const [i, c] of (await firstCustomers(db, companyId, n)).entries())
    await db
      .update(customers)
      .set({ fintech_option: true, fintech_id: `RTL-${String(1001 + i)}` })
      .where(eq(customers.id, c.id));
}

/** Signed-up shop users (customer users) of the demo's customers, answered in the order given. */
export async function seedDemoShopUsers(
  db: Db,
  companyId: number,
  people: { customerId: number; name: string; email: string; password: string }[],
) {
  const now = new Date();
  return db
    .insert(customerUsers)
    .values(
      await Promise.all(
        people.map(async (p) => ({
          company_id: companyId,
          customer_id: p.customerId,
          name: p.name,
          email: p.email,
          password_hash: await hashPassword(p.password),
          signed_up_at: now,
        })),
      ),
    )
    .returning();
}
