import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../company/company.tables.js';
import type { PaidDemoInvoice } from '../invoices/invoices.seed.js';
import { paymentAllocations, payments } from './payments.tables.js';

/**
 * The checks that paid the demo's paid invoices: one payment, one allocation each, as the app records
 * them (the invoices seed stored each one's paid total).
 */
export async function seedDemoPayments(db: Db, companyId: number, paid: readonly PaidDemoInvoice[]): Promise<void> {
  const [owner] = await db.select().from(users).where(eq(users.company_id, companyId)).orderBy(asc(users.id)).limit(1);
  for (const inv of paid) {
    const [p] = await db
      .insert(payments)
      .values({
        company_id: companyId,
        customer_id: inv.customerId,
        amount: inv.amount,
        received_at: inv.receivedAt,
        method: 'check',
        note: 'Check',
        user_id: owner?.id ?? null,
      })
      .returning();
    await db
      .insert(paymentAllocations)
      .values({ company_id: companyId, payment_id: p.id, invoice_id: inv.invoiceId, amount: inv.amount });
  }
}
