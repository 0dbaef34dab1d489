/** What the customer tests post and the invoices they owe, shared by their files. */
import { todayInTexas } from '@dbo/domain/dates';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { invoices } from '../src/modules/invoices/invoices.tables.js';
import type { SignedUp, TestContext } from './helpers.js';

/** A POST /customer body the editor accepts. */
export const valid = {
  name: 'The Broken Spoke',
  address: '3201 S Lamar Blvd',
  city: 'Austin',
  zip: '78704',
  tabc_id: 'MB-100234',
  contact_name: 'Janet',
  contact_email: 'janet@spoke.example',
};

/** Creates a customer through the API (the behaviour under test), answering its detail. */
export async function postCustomer(who: SignedUp, extra: Record<string, unknown> = {}) {
  const res = await who.api.post('/customer', { ...valid, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** An invoice row with the company's next number, written straight to the table. */
export async function addInvoice(
  ctx: TestContext,
  companyId: number,
  customerId: number,
  v: Partial<typeof invoices.$inferInsert>,
) {
  const [{ n }] = await ctx.database.db
    .select({ n: sql<number>`coalesce(max(${invoices.number}), 0)::int + 1` })
    .from(invoices)
    .where(eq(invoices.company_id, companyId));
  const [row] = await ctx.database.db
    .insert(invoices)
    .values({ company_id: companyId, customer_id: customerId, number: n, invoiced_at: todayInTexas(), ...v })
    .returning();
  return row;
}
