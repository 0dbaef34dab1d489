/**
 * Credit limits: an invoice save (POST /invoice, the full-form PUT) that takes the customer's
 * balance over its credit_limit is refused with a 400 naming the limit and the balance. The
 * balance is the customer's open invoices less its on-account credit, this invoice counted at its
 * saved total less what is allocated to it. Cash-on-delivery customers (or companies) are not
 * limited. Registered on the invoices module's save hook (payments routes), so the refusal rolls the save back.
 */
import { toCents } from '@dbo/domain/money';
import { creditLimitRefusal } from '@dbo/domain/receivables';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import { badRequest } from '../../lib/errors.js';
import type { InvoiceSavedListener } from '../invoices/invoice-hooks.js';
import { invoices } from '../invoices/invoices.tables.js';
import { onAccountCents } from './customer-payments.service.js';

export const creditLimitCheck: InvoiceSavedListener = async ({ tx, companyId, invoice: inv, customer, company }) => {
  if (inv.status === 'cancelled') return undefined;
  if (customer.credit_limit === null || customer.cash_on_delivery) return undefined;
  if (company.cash_on_delivery) return undefined;
  const [r] = await tx
    .select({ owing: sql<string>`coalesce(sum(${invoices.total} - ${invoices.paid_total}), 0)::text` })
    .from(invoices)
    .where(
      and(
        eq(invoices.company_id, companyId),
        eq(invoices.customer_id, inv.customer_id),
        ne(invoices.id, inv.id),
        // owed by its money, never by a status label (issue 30)
        notInArray(invoices.status, ['draft', 'cancelled']),
        sql`${invoices.total} - ${invoices.paid_total} > 0`,
      ),
    );
  const balanceCents = toCents(r?.owing ?? '0') - (await onAccountCents(tx, companyId, inv.customer_id));
  const thisOpen = Math.max(toCents(inv.total) - toCents(inv.paid_total), 0);
  const refusal = creditLimitRefusal(Number(customer.credit_limit), balanceCents / 100, thisOpen / 100);
  if (refusal) throw badRequest(refusal);
  return undefined;
};
