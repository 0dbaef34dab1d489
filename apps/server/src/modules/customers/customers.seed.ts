import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers } from './customers.tables.js';

/** The ids of the company's first `n` customers (by id): the demo seeds of the modules above give them their extras. */
export async function firstCustomers(db: Db, companyId: number, n: number) {
  return db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.company_id, companyId))
    .orderBy(asc(customers.id))
    .limit(n);
}
