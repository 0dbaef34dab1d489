/** Invoice fixtures for this module's tests, written straight to the tables. */
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { invoiceTotals, lineTotalCents, centsToString } from '@dbo/domain/money';
import { eq } from 'drizzle-orm';
import type { TestContext } from './helpers.js';
import { companies } from '../src/modules/company/company.tables.js';
import { customers } from '../src/modules/customers/customers.tables.js';
import { invoiceItems, invoiceStatusHistory, invoices } from '../src/modules/invoices/invoices.tables.js';
import { stampRolls } from '../src/modules/stamps/stamps.tables.js';
import { createRollStamps, setInvoiceStamps } from '../src/modules/stamps/stamps.ledger.js';

export interface FixtureItem {
  name: string;
  type: 'LIQUOR' | 'WINE' | 'BEER' | 'N/A';
  size: string;
  qty: number;
  price: string;
  taxable?: boolean;
}

let counter = 0;

export async function makeCompanyReady(ctx: TestContext, companyId: number) {
  await ctx.database.db
    .update(companies)
    .set({
      name: `Lone Star Spirits ${companyId}`,
      address: '1200 E 6th St',
      city: 'Austin',
      zip: '78702',
      tabc_id: 'LP123456',
    })
    .where(eq(companies.id, companyId));
}

export async function makeInvoice(
  ctx: TestContext,
  companyId: number,
  opts: {
    status?: string;
    beer?: boolean;
    number?: number;
    items?: FixtureItem[];
    taxRate?: string;
    note?: string;
    stamps?: { prefix: string; from: number; to: number; take: [number, number][] };
  } = {},
) {
  const db = ctx.database.db;
  const items: FixtureItem[] = opts.items ?? [
    { name: "TITO'S HANDMADE VODKA", type: 'LIQUOR', size: '750ML', qty: 3, price: '18.99' },
    { name: 'TOPO CHICO MINERAL WATER 24PK', type: 'N/A', size: '12OZ', qty: 1, price: '21.99', taxable: false },
  ];
  const taxRate = opts.taxRate ?? '8.25';
  const totals = invoiceTotals(
    items.map((i) => ({ qty: i.qty, price: i.price, taxable: i.taxable ?? true })),
    taxRate,
  );
  const [customer] = await db
    .insert(customers)
    .values({
      company_id: companyId,
      name: `The Broken Spoke ${++counter}`,
      address: '3201 S Lamar Blvd',
      city: 'Austin',
      zip: '78704',
      tabc_id: 'MB100234',
      contact_email: 'buyer@example.com',
    })
    .returning();
  const [inv] = await db
    .insert(invoices)
    .values({
      company_id: companyId,
      number: opts.number ?? 1000 + counter,
      beer: opts.beer ?? false,
      customer_id: customer.id,
      status: opts.status ?? 'invoiced',
      note: opts.note ?? '',
      invoiced_at: todayInTexas(),
      due_at: addDays(todayInTexas(), 7),
      sub_total: totals.sub_total.toFixed(2),
      tax_total: totals.tax_total.toFixed(2),
      total: totals.total.toFixed(2),
      tax_rate: taxRate,
    })
    .returning();
  await db.insert(invoiceStatusHistory).values({
    company_id: companyId,
    invoice_id: inv.id,
    old_status: null,
    new_status: inv.status,
  });
  await db.insert(invoiceItems).values(
    items.map((i, position) => ({
      company_id: companyId,
      invoice_id: inv.id,
      product_name: i.name,
      product_type: i.type,
      product_size: i.size,
      qty: i.qty,
      price: i.price,
      taxable: i.taxable ?? true,
      total: centsToString(lineTotalCents(i.qty, i.price)),
      position,
    })),
  );
  if (opts.stamps) {
    const s = opts.stamps;
    await db.transaction(async (tx) => {
      const [roll] = await tx
        .insert(stampRolls)
        .values({ company_id: companyId, prefix: s.prefix, from: s.from, to: s.to, received_at: todayInTexas() })
        .returning();
      await createRollStamps(tx, roll);
      await setInvoiceStamps(tx, {
        companyId,
        invoiceId: inv.id,
        userId: null,
        ranges: s.take.map(([from, to]) => ({ roll_id: roll.id, from, to })),
      });
    });
  }
  return { invoice: inv, customer, totals };
}
