/**
 * One way to make each thing the server tests need: a company (signed-up owner), customers,
 * products, a stamp roll, a staff user and an invoice. Setup rows are written straight to the
 * tables (fast, and independent of the API under test); invoices go through POST /invoice so
 * numbers, totals, stamps and stock follow the real rules.
 */
import type { ProductType } from '@dbo/domain/constants';
import { todayInTexas } from '@dbo/domain/dates';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../src/lib/passwords.js';
import { companies, users } from '../src/modules/company/company.tables.js';
import { customers } from '../src/modules/customers/customers.tables.js';
import { products } from '../src/modules/products/products.tables.js';
import { createRollStamps } from '../src/modules/stamps/stamps.ledger.js';
import { stampRolls } from '../src/modules/stamps/stamps.tables.js';
import { type Client, client, type SignedUp, signUpCompany, type TestContext, uniqueEmail } from './helpers.js';

let counter = 0;

export type CompanyFields = Partial<typeof companies.$inferInsert>;
export type CustomerFields = Partial<typeof customers.$inferInsert>;
export type ProductFields = Partial<typeof products.$inferInsert>;

/** A PUT /company body the company editor accepts (what a user types, not a table row). */
export const validCompanyBody = {
  name: 'Hill Country Spirits',
  address: '100 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  tabc_id: 'LP654321',
};

/** A signed-up owner whose company has every required setting filled (and any overrides). */
export async function makeCompany(ctx: TestContext, fields: CompanyFields = {}): Promise<SignedUp> {
  const owner = await signUpCompany(ctx);
  await ctx.database.db
    .update(companies)
    .set({
      name: `Lone Star Spirits ${owner.companyId}`,
      address: '1200 E 6th St',
      city: 'Austin',
      zip: '78702',
      tabc_id: 'LP123456',
      starting_invoice_number: 1001,
      tax_rate: '8.25',
      ...fields,
    })
    .where(eq(companies.id, owner.companyId));
  return owner;
}

export async function makeCustomer(ctx: TestContext, companyId: number, fields: CustomerFields = {}) {
  const [row] = await ctx.database.db
    .insert(customers)
    .values({
      company_id: companyId,
      name: `Broken Spoke Saloon ${++counter}`,
      address: '3201 S Lamar Blvd',
      city: 'Austin',
      zip: '78704',
      tabc_id: 'MB100234',
      contact_email: 'buyer@example.com',
      ...fields,
    })
    .returning();
  return row;
}

export async function makeProduct(
  ctx: TestContext,
  companyId: number,
  fields: ProductFields & { product_type?: ProductType } = {},
) {
  const [row] = await ctx.database.db
    .insert(products)
    .values({
      company_id: companyId,
      product: `TITOS VODKA ${++counter}`,
      product_type: 'LIQUOR',
      product_size: '750ML',
      product_price: '18.99',
      last_purchase_price: '14.25',
      reorder_level: 5,
      ...fields,
    })
    .returning();
  return row;
}

/** A registered, active roll with its stamps in the ledger (default A1001..A1100). */
export async function makeRoll(
  ctx: TestContext,
  companyId: number,
  fields: { prefix?: string; from?: number; to?: number; active?: boolean } = {},
) {
  const [roll] = await ctx.database.db
    .insert(stampRolls)
    .values({
      company_id: companyId,
      prefix: fields.prefix ?? 'A',
      from: fields.from ?? 1001,
      to: fields.to ?? 1100,
      active: fields.active ?? true,
      received_at: todayInTexas(),
    })
    .returning();
  await createRollStamps(ctx.database.db, roll);
  return roll;
}

/** A second, non-owner user of the company (office unless a role is given), signed in. */
export async function makeStaff(
  ctx: TestContext,
  companyId: number,
  role = 'office',
  name = 'Sam Staff',
): Promise<Client> {
  const email = uniqueEmail(role);
  const password = 'staff-pass';
  await ctx.database.db.insert(users).values({
    company_id: companyId,
    email,
    name,
    title: 'Clerk',
    role,
    password_hash: await hashPassword(password),
  });
  const res = await client(ctx).post('/auth/signin', { email, password });
  if (res.status !== 200) throw new Error(`staff sign-in failed: ${res.status}`);
  return client(ctx, res.body.access_token as string);
}

export interface InvoiceLine {
  product_id: number;
  qty: number;
  price: number | string;
  taxable?: boolean;
  on_deal?: boolean;
  /** invoicing an online order: why the ordered quantity / price changed */
  qty_change_note?: string | null;
  price_change_note?: string | null;
}

export const line = (product_id: number, qty: number, price: number | string, extra: Partial<InvoiceLine> = {}) => ({
  product_id,
  qty,
  price,
  taxable: true,
  on_deal: false,
  ...extra,
});

let factoryRolls = 0;

/**
 * The stamps a non-draft liquor invoice must hold (issue 30: stamps are a precondition): a roll of
 * exactly the need, registered through POST /stamp/roll under a prefix of its own. None for a draft,
 * a cancelled invoice or one without liquor.
 */
async function stampsFor(who: { api: Client }, items: InvoiceLine[], status: unknown) {
  if (status === undefined || status === 'draft' || status === 'cancelled') return [];
  let need = 0;
  for (const i of items) {
    if (i.qty <= 0) continue;
    const p = await who.api.get(`/product/${i.product_id}`);
    if (p.body?.product_type === 'LIQUOR') need += i.qty;
  }
  if (need === 0) return [];
  const prefix = `Z${++factoryRolls}X`;
  const roll = await who.api.post('/stamp/roll', { prefix, from: 1, to: need, received_at: todayInTexas() });
  if (roll.status !== 200) throw new Error(`stamp roll failed: ${roll.status} ${JSON.stringify(roll.body)}`);
  return [{ roll_id: roll.body.id as number, from: 1, to: need }];
}

/**
 * Saves an invoice through POST /invoice and answers its detail (throws unless 200). Without
 * `stamps`, a non-draft liquor invoice gets exactly the stamps it needs from a roll of its own.
 */
export async function makeInvoice(
  who: { api: Client },
  body: {
    customerId: number;
    items: InvoiceLine[];
    stamps?: { roll_id: number; from: number; to: number }[];
    [field: string]: unknown;
  },
) {
  const { customerId, ...rest } = body;
  const stamps = body.stamps ?? (await stampsFor(who, body.items, body.status));
  const res = await who.api.post('/invoice', { customer: { id: customerId }, ...rest, stamps });
  if (res.status !== 200) throw new Error(`invoice failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
