/**
 * A draft or a cancelled invoice is owed nothing, so nothing stays paid on it (issue 30): when an
 * invoice goes to draft or is cancelled (the status dialog, or a save with that status), what its
 * payments and credit memos paid on it is given back to them, and so becomes the customer's
 * on-account credit. The allocations stay at 0.00, so the payments are still listed on the invoice.
 * Runs inside the invoice's transaction.
 */
import { toCents } from '@dbo/domain/money';
import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { InvoiceSavedListener, InvoiceStatusListener } from '../invoices/invoice-hooks.js';
import type { InvoiceRow } from '../invoices/invoice-lookup.service.js';
import { settleInvoice } from './payments.service.js';
import { paymentAllocations } from './payments.tables.js';

const OWES_NOTHING = ['draft', 'cancelled'];

async function releaseAllocations(tx: Tx, invoice: InvoiceRow, userId: number | null) {
  if (!OWES_NOTHING.includes(invoice.status)) return;
  const released = await tx
    .update(paymentAllocations)
    .set({ amount: '0.00' })
    .where(and(eq(paymentAllocations.invoice_id, invoice.id), gt(paymentAllocations.amount, '0')))
    .returning({ id: paymentAllocations.id });
  if (released.length || toCents(invoice.paid_total) !== 0) await settleInvoice(tx, invoice, userId);
}

export const releaseOnStatusChange: InvoiceStatusListener = async ({ tx, invoice, userId }) =>
  releaseAllocations(tx, invoice, userId);

export const releaseOnSave: InvoiceSavedListener = async ({ tx, invoice, userId, created }) => {
  // a new invoice has nothing allocated to it yet: nothing to release
  if (!created) await releaseAllocations(tx, invoice, userId);
  return undefined;
};
