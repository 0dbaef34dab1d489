import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { setDemoCompany } from '../company/company.seed.js';
import { firstCustomers, seedDemoShopUsers } from '../customers/customers.seed.js';
import { products } from '../products/products.tables.js';
import { placeOrder } from './orders.place.js';

/** The demo shop: /shop/{subdomain} locally, and the customer user printed at start. */
export const DEMO_SHOP = {
  subdomain: 'lonestar',
  email: 'buyer@broken-spoke.example',
} as const;

/**
 * Online ordering for the demo company: the order feature on, a subdomain, a signed-up customer
 * user of its first customer and a few placed orders (placed through the order service so numbers
 * and prices follow the real rules).
 */
/** The shop user signs in with the install's generated demo password (never a published one). */
export async function seedDemoOrders(db: Db, companyId: number, password: string): Promise<void> {
  await setDemoCompany(db, companyId, { features: ['order'], set: { subdomain: DEMO_SHOP.subdomain } });
  const custs = await firstCustomers(db, companyId, 2);
  const items = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.company_id, companyId), eq(products.archived, false)))
    .orderBy(asc(products.id));
  if (!custs.length || items.length < 4) return;
  const [buyer, other] = await seedDemoShopUsers(db, companyId, [
    { customerId: custs[0].id, name: 'Janet White', email: DEMO_SHOP.email, password },
    {
      customerId: custs[1]?.id ?? custs[0].id,
      name: 'Steve Wertheimer',
      email: 'buyer@continental-club.example',
      password: `${password}-2`,
    },
  ]);
  const as = (u: typeof buyer) => ({ companyId, customerId: u.customer_id, customerUserId: u.id });
  await placeOrder(db, as(buyer), {
    items: [
      { product_id: items[0].id, qty: 6 },
      { product_id: items[2].id, qty: 2 },
      { product_id: items[9]?.id ?? items[3].id, qty: 3 },
    ],
    note: 'Please deliver before 4 pm, back door.',
  });
  await placeOrder(db, as(other), {
    items: [
      { product_id: items[1].id, qty: 4 },
      { product_id: items[4].id, qty: 6 },
    ],
  });
  await placeOrder(db, as(buyer), { items: [{ product_id: items[3].id, qty: 2 }] });
}
