import { PRODUCT_MSG } from '@dbo/domain/product';
import { invoiceNumberLabel } from '@dbo/domain/stamps';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { LastInvoicedPrice } from '../products/pricing.service.js';
import { invoiceItems, invoices } from './invoices.tables.js';

/**
 * What the modules below invoices learn from invoices without importing them, given to them by the
 * app's wiring (modules/wiring.ts): a customer's credit-law flags (the customer grid and page, from
 * delinquency.service.ts), the price a customer was last invoiced (price resolution), the refusal
 * to delete an invoiced product and the numbers of the invoices a destroy request found stamps on.
 */

/** The label of each invoice by id (stamps' destroy tool). */
export async function invoiceLabels(db: DbOrTx, companyId: number, invoiceIds: number[]) {
  const rows = await db
    .select({ id: invoices.id, number: invoices.number, beer: invoices.beer })
    .from(invoices)
    .where(and(eq(invoices.company_id, companyId), inArray(invoices.id, invoiceIds)));
  return new Map(rows.map((r) => [r.id, invoiceNumberLabel(r.number, r.beer)]));
}

/** Per product, the price of the customer's latest invoice line for it (cancelled invoices aside). */
export async function lastInvoicedPrices(db: DbOrTx, companyId: number, customerId: number, productIds: number[]) {
  const last = await db
    .selectDistinctOn([invoiceItems.product_id], {
      product_id: invoiceItems.product_id,
      price: invoiceItems.price,
      invoiced_at: invoices.invoiced_at,
    })
    .from(invoiceItems)
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoice_id))
    .where(
      and(
        eq(invoiceItems.company_id, companyId),
        inArray(invoiceItems.product_id, productIds),
        eq(invoices.customer_id, customerId),
        sql`${invoices.status} <> 'cancelled'`,
      ),
    )
    .orderBy(invoiceItems.product_id, sql`${invoices.invoiced_at} desc`, sql`${invoices.id} desc`);
  const out = new Map<number, LastInvoicedPrice>();
  for (const l of last) if (l.product_id) out.set(l.product_id, l);
  return out;
}

/** Invoiced products stay (products' delete guard). */
export async function refuseInvoicedProduct(db: DbOrTx, companyId: number, productId: number) {
  const [used] = await db
    .select({ id: invoiceItems.id })
    .from(invoiceItems)
    .where(and(eq(invoiceItems.company_id, companyId), eq(invoiceItems.product_id, productId)))
    .limit(1);
  return used ? PRODUCT_MSG.deleteInvoiced : null;
}
