/** Receivables fixtures: one customer with several invoices, written straight to the tables. */
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { eq } from 'drizzle-orm';
import type { TestContext } from './helpers.js';
import { invoiceItems, invoices } from '../src/modules/invoices/invoices.tables.js';

let counter = 0;

/** An invoice of `total` (one untaxed line), invoiced `daysAgo` days ago, due `dueIn` days after. */
export async function makeCustomerInvoice(
  ctx: TestContext,
  companyId: number,
  customerId: number,
  opts: { total: string; daysAgo?: number; dueIn?: number | null; status?: string; productId?: number; qty?: number },
) {
  const invoicedAt = addDays(todayInTexas(), -(opts.daysAgo ?? 0));
  const [inv] = await ctx.database.db
    .insert(invoices)
    .values({
      company_id: companyId,
      number: 5000 + ++counter,
      customer_id: customerId,
      status: opts.status ?? 'invoiced',
      invoiced_at: invoicedAt,
      due_at: opts.dueIn === null ? null : addDays(invoicedAt, opts.dueIn ?? 30),
      sub_total: opts.total,
      tax_total: '0',
      total: opts.total,
    })
    .returning();
  const qty = opts.qty ?? 1;
  await ctx.database.db.insert(invoiceItems).values({
    company_id: companyId,
    invoice_id: inv.id,
    product_id: opts.productId ?? null,
    product_name: 'SHINER BOCK 24PK',
    product_type: 'BEER',
    product_size: '12OZ',
    qty,
    price: (Number(opts.total) / qty).toFixed(2),
    taxable: false,
    total: opts.total,
    position: 0,
  });
  return inv;
}

export async function invoiceMoney(ctx: TestContext, id: number) {
  const [r] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, id));
  return { paid_total: r.paid_total, status: r.status };
}
