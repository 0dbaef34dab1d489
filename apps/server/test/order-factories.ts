/**
 * Online-ordering fixtures on top of factories.ts: a company with the order feature and a
 * subdomain, a signed-up customer user signed in to the customer app, and orders placed through
 * the API (so numbers, prices and totals follow the real rules).
 */
import { eq } from 'drizzle-orm';
import { hashPassword } from '../src/lib/passwords.js';
import { companies } from '../src/modules/company/company.tables.js';
import { customerUsers } from '../src/modules/customers/customers.tables.js';
import { type CompanyFields, type InvoiceLine, line, makeCompany, makeCustomer, makeProduct } from './factories.js';
import { activateFeature, type Client, client, type SignedUp, type TestContext, uniqueEmail } from './helpers.js';

let counter = 0;

/** A company selling online: order feature on, a unique subdomain. */
export async function makeShopCompany(
  ctx: TestContext,
  fields: CompanyFields = {},
): Promise<SignedUp & { subdomain: string }> {
  const subdomain = `shop-${process.pid}-${Date.now().toString(36)}-${++counter}`;
  const owner = await makeCompany(ctx, { subdomain, ...fields });
  await activateFeature(ctx, owner.companyId, 'order');
  return { ...owner, subdomain };
}

export interface Shopper {
  api: Client;
  token: string;
  userId: number;
  customerId: number;
  email: string;
  password: string;
}

/** A signed-up customer user of the customer (a new customer when none is given), signed in. */
export async function makeShopper(
  ctx: TestContext,
  company: { companyId: number; subdomain: string },
  customerId?: number,
  fields: Partial<typeof customerUsers.$inferInsert> = {},
): Promise<Shopper> {
  const cid = customerId ?? (await makeCustomer(ctx, company.companyId)).id;
  const email = uniqueEmail('buyer');
  const password = 'buyer-pass-1';
  const [u] = await ctx.database.db
    .insert(customerUsers)
    .values({
      company_id: company.companyId,
      customer_id: cid,
      name: `Bar Buyer ${++counter}`,
      email,
      password_hash: await hashPassword(password),
      signed_up_at: new Date(),
      ...fields,
    })
    .returning();
  const res = await client(ctx).post('/customer-app/signin', { email, password, subdomain: company.subdomain });
  if (res.status !== 200) throw new Error(`customer sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = res.body.access_token as string;
  return { api: client(ctx, token), token, userId: u.id, customerId: cid, email, password };
}

/** Places an order through POST /customer-app/order and answers it (throws unless 200). */
export async function makeOrder(shopper: { api: Client }, items: { product_id: number; qty: number }[], note?: string) {
  const res = await shopper.api.post('/customer-app/order', { items, note });
  if (res.status !== 200) throw new Error(`order failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function setShowPrices(ctx: TestContext, companyId: number, show: boolean) {
  await ctx.database.db.update(companies).set({ show_prices: show }).where(eq(companies.id, companyId));
}

/** A company selling online, two products, a shopper and one placed order of 2 x A and 3 x B. */
export async function placedOrder(ctx: TestContext) {
  const company = await makeShopCompany(ctx);
  const a = await makeProduct(ctx, company.companyId, { product_price: '10.00' });
  const b = await makeProduct(ctx, company.companyId, { product_price: '4.50', product_type: 'WINE' });
  const shopper = await makeShopper(ctx, company);
  const order = await makeOrder(
    shopper,
    [
      { product_id: a.id, qty: 2 },
      { product_id: b.id, qty: 3 },
    ],
    'Back door please',
  );
  return { company, a, b, shopper, order };
}

/** A shop with a signed-in shopper and two products: a vodka with a UPC and a wine. */
export async function makeShop(ctx: TestContext) {
  const company = await makeShopCompany(ctx);
  const shopper = await makeShopper(ctx, company);
  const vodka = await makeProduct(ctx, company.companyId, {
    product: `TITOS VODKA ${company.companyId}`,
    product_price: '18.99',
    upc: '619947000013',
  });
  const wine = await makeProduct(ctx, company.companyId, {
    product: `BECKER CABERNET ${company.companyId}`,
    product_type: 'WINE',
    product_price: '12.00',
  });
  return { company, shopper, vodka, wine };
}

export const invoiceBody = (customerId: number, orderId: number, items: InvoiceLine[]) => ({
  customerId,
  order_id: orderId,
  items,
});
/** An invoice line as the order-invoicing tests write it (taxable, not on deal). */
export const lineOf = (product_id: number, qty: number, price: number | string) => line(product_id, qty, price);
