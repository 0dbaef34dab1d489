import type { ProductType } from '@dbo/domain/constants';
import { and, eq, inArray } from 'drizzle-orm';
import { stamps } from '../src/modules/stamps/stamps.tables.js';
import { makeCompany, makeCustomer, makeProduct, makeRoll } from './factories.js';
import type { SignedUp, TestContext } from './helpers.js';

export { line as item } from './factories.js';

export interface InvoiceFixture {
  owner: SignedUp;
  customer: number;
  cod: number;
  other: number;
  liquor: number;
  liquor2: number;
  wine: number;
  beer: number;
  water: number;
  roll: number;
}

/** A company with customers, one product of each type and a roll A1001-A1100. */
export async function invoiceFixture(
  ctx: TestContext,
  opts: { starting?: number; taxRate?: string } = {},
): Promise<InvoiceFixture> {
  const owner = await makeCompany(ctx, {
    starting_invoice_number: opts.starting ?? 1001,
    tax_rate: opts.taxRate ?? '8.25',
  });
  const id = owner.companyId;
  const customer = (name: string, tabc_id: string, cash_on_delivery = false) =>
    makeCustomer(ctx, id, { name, tabc_id, cash_on_delivery, address: '1 Main St', zip: '78701' });
  const product = (name: string, product_type: ProductType, product_price: string, last_purchase_price = '1.00') =>
    makeProduct(ctx, id, { product: name, product_type, product_price, last_purchase_price });
  const c1 = await customer('Broken Spoke Saloon', 'MB100001');
  const c2 = await customer('Cash Corner Store', 'BQ100002', true);
  const c3 = await customer('Gruene Hall', 'MB100003');
  const liquor = await product('TITOS VODKA', 'LIQUOR', '18.99', '14.25');
  const liquor2 = await product('BALCONES WHISKY', 'LIQUOR', '39.99');
  const wine = await product('BECKER CABERNET', 'WINE', '22.00');
  const beer = await product('SHINER BOCK', 'BEER', '29.99');
  const water = await product('TOPO CHICO', 'N/A', '21.99');
  const roll = await makeRoll(ctx, id);
  return {
    owner,
    customer: c1.id,
    cod: c2.id,
    other: c3.id,
    liquor: liquor.id,
    liquor2: liquor2.id,
    wine: wine.id,
    beer: beer.id,
    water: water.id,
    roll: roll.id,
  };
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The status and invoice of stamps from..to of a roll, in number order. */
export async function stampStatus(ctx: TestContext, rollId: number, from: number, to: number) {
  const rows = await ctx.database.db
    .select({ number: stamps.number, status: stamps.status, invoice_id: stamps.invoice_id })
    .from(stamps)
    .where(and(eq(stamps.roll_id, rollId), inArray(stamps.number, range(from, to))));
  return rows.sort((a, b) => a.number - b.number);
}
