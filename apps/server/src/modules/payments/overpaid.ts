/**
 * An invoice's remaining amount is never negative (issue 30): when an edit lowers an invoice's total
 * below what was paid on it, its allocations give back the excess, newest first; that money is then
 * the customer's on-account credit again (a payment's amount less its allocations), nothing is lost.
 * Runs inside the invoice save's transaction (an invoice-saved listener).
 */
import { toCents, centsToString } from '@dbo/domain/money';
import { desc, eq } from 'drizzle-orm';
import type { InvoiceSavedListener } from '../invoices/invoice-hooks.js';
import { settleInvoice } from './payments.service.js';
import { paymentAllocations } from './payments.tables.js';

export const trimOverpaid: InvoiceSavedListener = async ({ tx, invoice, userId }) => {
  if (invoice.status === 'cancelled') return undefined;
  let excess = toCents(invoice.paid_total) - Math.max(toCents(invoice.total), 0);
  if (excess <= 0) return undefined;
  const allocations = await tx
    .select({ id: paymentAllocations.id, amount: paymentAllocations.amount })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.invoice_id, invoice.id))
    .orderBy(desc(paymentAllocations.id));
  for (const a of allocations) {
    if (excess <= 0) break;
    const back = Math.min(excess, toCents(a.amount));
    if (back <= 0) continue;
    await tx
      .update(paymentAllocations)
      .set({ amount: centsToString(toCents(a.amount) - back) })
      .where(eq(paymentAllocations.id, a.id));
    excess -= back;
  }
  await settleInvoice(tx, invoice, userId);
  return undefined;
};
