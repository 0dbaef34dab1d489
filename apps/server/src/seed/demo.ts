import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { hashPassword, randomToken } from '../lib/passwords.js';
import { companies, companyFeatures, users } from '../modules/company/company.tables.js';
import { customers } from '../modules/customers/customers.tables.js';
import { priceTiers } from '../modules/customers/customers.tables.js';
import { products } from '../modules/products/products.tables.js';
import { stampRolls } from '../modules/stamps/stamps.tables.js';
import { createRollStamps } from '../modules/stamps/stamps.ledger.js';
import { seedDemoInvoices } from '../modules/invoices/invoices.seed.js';
import { historyWiring } from '../modules/wiring.js';
import { seedDemoPayments } from '../modules/payments/payments.seed.js';
import { seedDemoInventory } from '../modules/inventory/inventory.seed.js';
import { seedDemoOrders } from '../modules/orders/orders.seed.js';
import { seedDemoFintech } from '../modules/integrations/fintech.seed.js';
import { seedDemoDelivery } from '../modules/delivery/delivery.seed.js';
import { loadTabcSampleIfEmpty } from '../modules/customers/tabc.service.js';
import { todayInTexas, addDays } from '@dbo/domain/dates';

export const DEMO_EMAIL = 'demo@lonestar-spirits.example';
/** The demo's office clerk and driver (issue 32's roles), with the owner's generated password. */
export const DEMO_STAFF = [
  { email: 'office@lonestar-spirits.example', name: 'Olivia Ortiz', title: 'Office', role: 'office' },
  { email: 'driver@lonestar-spirits.example', name: 'Danny Ramos', title: 'Driver', role: 'driver' },
] as const;
/** Where the demo's generated password is kept (mode 0600) for the person who started the server. */
export const demoLoginFile = (dataDir: string) => path.join(dataDir, 'demo-login.txt');

/**
 * Demo data only on the embedded database (a desk install): a PostgreSQL server named by
 * DATABASE_URL is someone's real data and never gets a company with a known login.
 */
export function shouldSeedDemo(config: { seedDemo: 'auto' | 'never'; databaseUrl?: string }): boolean {
  return config.seedDemo === 'auto' && !config.databaseUrl;
}

/** Reads the demo login written at the first start, if any. */
export function readDemoLogin(dataDir: string): { email: string; password: string } | undefined {
  const file = demoLoginFile(dataDir);
  if (!fs.existsSync(file)) return undefined;
  const text = fs.readFileSync(file, 'utf8');
  const email = /^email: (.+)$/m.exec(text)?.[1];
  const password = /^password: (.+)$/m.exec(text)?.[1];
  return email && password ? { email, password } : undefined;
}

const DEMO_CUSTOMERS = [
  ['The Broken Spoke', '3201 S Lamar Blvd', 'Austin', '78704', 'MB', 100234, 'Janet White'],
  ['Continental Club', '1315 S Congress Ave', 'Austin', '78704', 'MB', 100871, 'Steve Wertheimer'],
  ['Gruene Hall Saloon', '1280 Gruene Rd', 'New Braunfels', '78130', 'MB', 101552, 'Mary Jane Nalley'],
  ['Lone Star Package Store', '4410 Broadway St', 'San Antonio', '78209', 'N', 102977, 'Carlos Ortega'],
  ['Billy Bob’s Texas', '2520 Rodeo Plaza', 'Fort Worth', '76164', 'MB', 103115, 'Pam Minick'],
  ['Hotel San José Bar', '1316 S Congress Ave', 'Austin', '78704', 'NE', 104420, 'Liz Lambert'],
] as const;

const DEMO_PRODUCTS: [string, string, string, string, string, string][] = [
  ["TITO'S HANDMADE VODKA", 'LIQUOR', '750ML', '18.99', '14.25', '619947000013'],
  ["TITO'S HANDMADE VODKA", 'LIQUOR', '1.75L', '33.99', '26.10', '619947000020'],
  ['GARRISON BROTHERS SMALL BATCH BOURBON', 'LIQUOR', '750ML', '79.99', '61.00', '855446003001'],
  ['BALCONES BABY BLUE CORN WHISKY', 'LIQUOR', '750ML', '39.99', '30.50', '852234001005'],
  ['DULCE VIDA BLANCO TEQUILA', 'LIQUOR', '750ML', '29.99', '22.40', '854532002016'],
  ['DEEP EDDY RUBY RED VODKA', 'LIQUOR', '750ML', '17.49', '12.90', '859085001022'],
  ['TX BLENDED WHISKEY', 'LIQUOR', '750ML', '32.99', '24.75', '857425003012'],
  ['BECKER VINEYARDS CABERNET SAUVIGNON', 'WINE', '750ML', '22.00', '15.80', '089046000113'],
  ['LLANO ESTACADO CHARDONNAY', 'WINE', '750ML', '12.99', '8.75', '082896000125'],
  ['SHINER BOCK 24PK', 'BEER', '12OZ', '29.99', '23.10', '070505000247'],
  ['LONE STAR BEER 30PK', 'BEER', '12OZ', '24.99', '19.00', '071990095018'],
  ['TOPO CHICO MINERAL WATER 24PK', 'N/A', '12OZ', '21.99', '16.50', '021136010114'],
];

/**
 * A realistic demo company on the first start of an empty embedded database. Its password is
 * random, generated here, kept in DATA_DIR/demo-login.txt (0600) and answered so the start can
 * print it once; undefined when the database was not empty.
 */
export async function seedDemoIfEmpty(
  db: Db,
  dataDir: string,
): Promise<{ email: string; password: string } | undefined> {
  const [{ n }] = await db.select({ n: count() }).from(companies);
  if (Number(n) > 0) return undefined;
  const login = { email: DEMO_EMAIL, password: randomToken(12) };
  const passwordHash = await hashPassword(login.password);
  // kept before the data, so a crash in between never leaves a demo nobody can sign in to
  fs.writeFileSync(
    demoLoginFile(dataDir),
    `Demo login (generated at the first start)\nemail: ${login.email}\npassword: ${login.password}\n${DEMO_STAFF.map((u) => `${u.role} login: ${u.email} / ${login.password}\n`).join('')}`,
    { mode: 0o600 },
  );
  fs.chmodSync(demoLoginFile(dataDir), 0o600);

  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: 'Lone Star Spirits Distributing',
        address: '1200 E 6th St',
        city: 'Austin',
        state: 'TX',
        zip: '78702',
        tabc_id: 'LP123456',
        starting_invoice_number: 1001,
        // no payment term here: the demo invoices carry their own due dates (14 and 30 days, issue 36)
        default_invoice_note: 'Thank you for your business.',
        stamp_threshold: 500,
      })
      .returning();
    await tx.insert(users).values([
      {
        company_id: company.id,
        email: login.email,
        name: 'Dana Whitfield',
        title: 'Owner',
        role: 'owner',
        password_hash: passwordHash,
      },
      ...DEMO_STAFF.map((u) => ({ company_id: company.id, ...u, password_hash: passwordHash })),
    ]);
    await tx.insert(companyFeatures).values(
      ['payment', 'email', 'internal_sku', 'inventory'].map((name) => ({
        company_id: company.id,
        name,
        active: true,
      })),
    );
    await tx
      .insert(priceTiers)
      .values({ company_id: company.id, name: 'Base', percentage: '0', color: 'blue', is_base_tier: true });
    await tx.insert(customers).values(
      DEMO_CUSTOMERS.map(([name, address, city, zip, type, aims, contact], i) => ({
        company_id: company.id,
        name,
        address,
        city,
        zip,
        state: 'TX',
        aims_license_type: type,
        aims_id: aims,
        tabc_id: `${type}${aims}`,
        contact_name: contact,
        contact_email: `buyer${i + 1}@example.com`,
        contact_phone: `512-555-01${String(i + 10)}`,
        cash_on_delivery: i === 3,
        service_start: addDays(todayInTexas(), -400 + i * 30),
      })),
    );
    await tx.insert(products).values(
      DEMO_PRODUCTS.map(([product, product_type, product_size, price, cost, upc], i) => ({
        company_id: company.id,
        product,
        product_type,
        product_size,
        product_price: price,
        last_purchase_price: cost,
        upc,
        internal_sku: `LS-${String(i + 1).padStart(4, '0')}`,
        reorder_level: 6,
        reorder_qty: 24,
        reorder_time_in_days: 7,
        distributor: product_type === 'BEER' ? 'Silver Eagle Distributors' : 'Republic National Distributing',
      })),
    );
    const [roll] = await tx
      .insert(stampRolls)
      .values({
        company_id: company.id,
        prefix: 'A',
        from: 100001,
        to: 102000,
        // received before the first demo invoice (58 days back) that takes stamps from it (issue 36)
        received_at: addDays(todayInTexas(), -63),
        active: true,
      })
      .returning();
    await createRollStamps(tx, roll);
  });
  // the shipped TABC sample (permit expiry, delinquent list, establishment search)
  await loadTabcSampleIfEmpty(db);
  // a dozen invoices over the last two months, saved through the invoice service (keep last:
  // it reads the customers, products, stock and stamp roll seeded above)
  const [demoCompany] = await db.select({ id: companies.id }).from(companies).limit(1);
  if (demoCompany)
    await seedDemoPayments(db, demoCompany.id, await seedDemoInvoices(historyWiring(), db, demoCompany.id));
  // inventory: a restock and a shelf count leaving some items under their reorder level (keep after the invoices)
  if (demoCompany) await seedDemoInventory(db, demoCompany.id);
  if (demoCompany) await seedDemoOrders(db, demoCompany.id, login.password);
  if (demoCompany) await seedDemoFintech(db, demoCompany.id);
  if (demoCompany) await seedDemoDelivery(db, demoCompany.id);
  return login;
}
