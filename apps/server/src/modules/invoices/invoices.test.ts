import { addDays, todayInTexas } from '@dbo/domain/dates';
import { INVOICE_MSG } from '@dbo/domain/invoice';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activateFeature,
  client,
  createTestApp,
  signUpCompany,
  type SignedUp,
  type TestContext,
} from '../../../test/helpers.js';
import { hashPassword } from '../../lib/passwords.js';
import { activities } from '../activity/activity.tables.js';
import { companies, users } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { inventory, inventoryHistory } from '../inventory/inventory.tables.js';
import { orders } from '../orders/orders.tables.js';
import { products } from '../products/products.tables.js';
import { createRollStamps } from '../stamps/stamps.ledger.js';
import { stampRolls, stamps } from '../stamps/stamps.tables.js';
import { invoiceStatusHistory, invoices } from './invoices.tables.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const today = todayInTexas();

interface Fixture {
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
async function fixture(opts: { starting?: number; taxRate?: string } = {}): Promise<Fixture> {
  const owner = await signUpCompany(ctx);
  const db = ctx.database.db;
  await db
    .update(companies)
    .set({ starting_invoice_number: opts.starting ?? 1001, tax_rate: opts.taxRate ?? '8.25' })
    .where(eq(companies.id, owner.companyId));
  const base = { company_id: owner.companyId, address: '1 Main St', city: 'Austin', zip: '78701' };
  const [c1, c2, c3] = await db
    .insert(customers)
    .values([
      { ...base, name: 'Broken Spoke Saloon', tabc_id: 'MB100001' },
      { ...base, name: 'Cash Corner Store', tabc_id: 'BQ100002', cash_on_delivery: true },
      { ...base, name: 'Gruene Hall', tabc_id: 'MB100003' },
    ])
    .returning();
  const p = (product: string, product_type: string, price: string, cost = '1.00') => ({
    company_id: owner.companyId,
    product,
    product_type,
    product_size: '750ML',
    product_price: price,
    last_purchase_price: cost,
    reorder_level: 5,
  });
  const [liquor, liquor2, wine, beer, water] = await db
    .insert(products)
    .values([
      p('TITOS VODKA', 'LIQUOR', '18.99', '14.25'),
      p('BALCONES WHISKY', 'LIQUOR', '39.99'),
      p('BECKER CABERNET', 'WINE', '22.00'),
      p('SHINER BOCK', 'BEER', '29.99'),
      p('TOPO CHICO', 'N/A', '21.99'),
    ])
    .returning();
  const [roll] = await db
    .insert(stampRolls)
    .values({ company_id: owner.companyId, prefix: 'A', from: 1001, to: 1100, received_at: today })
    .returning();
  await createRollStamps(db, roll);
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

const item = (product_id: number, qty: number, price: number | string, extra: Record<string, unknown> = {}) => ({
  product_id,
  qty,
  price,
  taxable: true,
  on_deal: false,
  ...extra,
});

async function stampStatus(rollId: number, from: number, to: number) {
  const rows = await ctx.database.db
    .select({ number: stamps.number, status: stamps.status, invoice_id: stamps.invoice_id })
    .from(stamps)
    .where(and(eq(stamps.roll_id, rollId), inArray(stamps.number, range(from, to))));
  return rows.sort((a, b) => a.number - b.number);
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('totals and rounding', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
  });

  it.each([
    // items [qty, price, taxable], expected sub, tax, total (8.25%)
    [[[1, '10.00', true]], 10, 0.83, 10.83],
    [[[3, '18.99', true]], 56.97, 4.7, 61.67],
    [[[1, '0.06', true]], 0.06, 0, 0.06],
    [[[1, '0.07', true]], 0.07, 0.01, 0.08],
    [[[2, '9.99', false]], 19.98, 0, 19.98],
    [
      [
        [2, '9.99', true],
        [1, '5.00', false],
      ],
      24.98,
      1.65,
      26.63,
    ],
    [[[7, '0.1', true]], 0.7, 0.06, 0.76],
    [[[1, '12.345', true]], 12.35, 1.02, 13.37],
    [[[0, '99.99', true]], 0, 0, 0],
    [[[-1, '10.00', true]], -10, -0.83, -10.83],
  ] as [[number, string, boolean][], number, number, number][])(
    'items %j -> %f + %f = %f',
    async (lines, sub, tax, total) => {
      const res = await f.owner.api.post('/invoice', {
        customer: { id: f.customer },
        items: lines.map(([qty, price, taxable]) => item(f.water, qty, price, { taxable })),
        force: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect([res.body.sub_total, res.body.tax_total, res.body.total]).toEqual([sub, tax, total]);
      const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, res.body.id));
      expect([row.sub_total, row.tax_total, row.total]).toEqual([sub.toFixed(2), tax.toFixed(2), total.toFixed(2)]);
    },
  );

  it('uses the company tax rate and ignores totals sent by the client', async () => {
    const g = await fixture({ taxRate: '10.00' });
    const res = await g.owner.api.post('/invoice', {
      customer: { id: g.customer },
      items: [item(g.water, 1, 19.99)],
      total: 1,
      sub_total: 1,
    });
    expect([res.body.sub_total, res.body.tax_total, res.body.total]).toEqual([19.99, 2, 21.99]);
    expect(res.body.items[0]).toMatchObject({ qty: 1, price: 19.99, total: 19.99, product_name: 'TOPO CHICO' });
  });
});

describe('numbering', () => {
  it('keeps separate liquor and beer sequences from the starting number, with the B suffix', async () => {
    const f = await fixture({ starting: 1001 });
    const next = await f.owner.api.get('/invoice/new-number', { customerId: f.customer });
    expect(next.body).toEqual({ number: 1001, beer: false, display_number: '1001' });
    const a = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.liquor, 1, 10)] });
    const b = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.beer, 1, 10)] });
    const c = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 2, 10)] });
    const d = await f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.beer, 3, 10), item(f.water, 1, 1)],
    });
    expect([a.body.number, a.body.beer, a.body.display_number]).toEqual([1001, false, '1001']);
    expect([b.body.number, b.body.beer, b.body.display_number]).toEqual([1001, true, '1001B']);
    expect([c.body.number, c.body.display_number]).toEqual([1002, '1002']);
    expect([d.body.number, d.body.display_number]).toEqual([1002, '1002B']);
    expect((await f.owner.api.get('/invoice/new-number', { beer: 'true' })).body).toMatchObject({
      number: 1003,
      beer: true,
      display_number: '1003B',
    });

    // addressed by number: plain = liquor, B = beer; an id works too
    expect((await f.owner.api.get('/invoice/1001')).body.id).toBe(a.body.id);
    expect((await f.owner.api.get('/invoice/1001B')).body.id).toBe(b.body.id);
    expect((await f.owner.api.get(`/invoice/${c.body.id}`)).body.number).toBe(1002);
    expect((await f.owner.api.get('/invoice/1999')).status).toBe(404);

    // raising the starting number moves the sequence on; numbers never repeat
    await ctx.database.db
      .update(companies)
      .set({ starting_invoice_number: 5000 })
      .where(eq(companies.id, f.owner.companyId));
    const e = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.liquor, 4, 10)] });
    expect(e.body.number).toBe(5000);
    await ctx.database.db
      .update(companies)
      .set({ starting_invoice_number: 1 })
      .where(eq(companies.id, f.owner.companyId));
    const g = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.liquor, 5, 10)] });
    expect(g.body.number).toBe(5001);
  });

  it('shows {customerId}-{number} with customer invoice numbering', async () => {
    const f = await fixture({ starting: 200 });
    await activateFeature(ctx, f.owner.companyId, 'customer_invoice_numbering');
    const res = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.beer, 1, 10)] });
    expect(res.body.display_number).toBe(`${f.customer}-200B`);
    expect((await f.owner.api.get(`/invoice/${f.customer}-200B`)).body.id).toBe(res.body.id);
    expect((await f.owner.api.get('/invoice/new-number', { customerId: f.customer })).body.display_number).toBe(
      `${f.customer}-200`,
    );
  });

  it('gives sequential distinct numbers to concurrent saves', async () => {
    const f = await fixture({ starting: 1 });
    const saves = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, i + 1, 10)] }),
      ),
    );
    expect(saves.map((s) => s.status)).toEqual(Array(10).fill(200));
    expect(saves.map((s) => s.body.number).sort((a, b) => a - b)).toEqual(range(1, 10));
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('50 concurrent saves on PostgreSQL get 50 distinct numbers', async () => {
    const f = await fixture({ starting: 1 });
    const saves = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        f.owner.api.post('/invoice', {
          customer: { id: i % 2 ? f.customer : f.other },
          items: [item(i % 3 ? f.wine : f.beer, i + 1, 10)],
        }),
      ),
    );
    expect(saves.map((s) => s.status)).toEqual(Array(50).fill(200));
    const liquor = saves.filter((s) => !s.body.beer).map((s) => s.body.number);
    const beer = saves.filter((s) => s.body.beer).map((s) => s.body.number);
    expect(liquor.sort((a, b) => a - b)).toEqual(range(1, liquor.length));
    expect(beer.sort((a, b) => a - b)).toEqual(range(1, beer.length));
  });
});

describe('validation', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
  });
  const post = (body: Record<string, unknown>) =>
    f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.liquor, 1, 10)],
      force: true,
      ...body,
    });

  it.each([
    ['no customer', { customer: undefined }, INVOICE_MSG.customerRequired],
    ['no items', { items: [] }, INVOICE_MSG.itemsRequired],
    ['fractional quantity', { items: [{ product_id: 0, qty: 1.5, price: 1 }] }, INVOICE_MSG.qtyInteger],
    ['negative price', { items: [{ product_id: 1, qty: 1, price: -1 }] }, INVOICE_MSG.priceMin],
    ['invoice date 11 days ahead', { invoiced_at: addDays(today, 11) }, INVOICE_MSG.invoiceDateTooFar],
    ['due date 31 days ahead', { due_at: addDays(today, 31) }, INVOICE_MSG.dueDateTooFar],
    ['unknown status', { status: 'shipped' }, INVOICE_MSG.statusInvalid],
    ['an impossible date', { invoiced_at: '2026-02-30' }, INVOICE_MSG.invoiceDateInvalid],
  ])('refuses %s with its message and saves nothing', async (_n, body, message) => {
    const before = await f.owner.api.get('/invoice/grid');
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.details).toContain(message);
    expect((await f.owner.api.get('/invoice/grid')).body.count).toBe(before.body.count);
  });

  it('accepts the date limits exactly', async () => {
    const res = await post({ invoiced_at: addDays(today, 10), due_at: addDays(today, 30), force: true });
    expect(res.status).toBe(200);
    expect([res.body.invoiced_at, res.body.due_at]).toEqual([addDays(today, 10), addDays(today, 30)]);
  });

  it('refuses liquor or wine with beer unless the customer is cash on delivery', async () => {
    const mixed = [item(f.liquor, 1, 10), item(f.beer, 1, 10)];
    const res = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: mixed });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVOICE_MSG.typeMismatch);
    const wine = await f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.wine, 1, 10), item(f.beer, 1, 10)],
    });
    expect(wine.body.message).toBe(INVOICE_MSG.typeMismatch);
    const cod = await f.owner.api.post('/invoice', { customer: { id: f.cod }, items: mixed });
    expect(cod.status).toBe(200);
    expect(cod.body.beer).toBe(false);
  });

  it('answers 404 for a customer, product or logo of another company', async () => {
    const g = await fixture();
    const foreignCustomer = await post({ customer: { id: g.customer } });
    expect([foreignCustomer.status, foreignCustomer.body.message]).toEqual([404, INVOICE_MSG.customerNotFound]);
    const foreignProduct = await post({ items: [item(g.liquor, 1, 10)] });
    expect([foreignProduct.status, foreignProduct.body.message]).toEqual([404, INVOICE_MSG.productNotFound]);
    const foreignLogo = await post({ logo_id: 999999 });
    expect([foreignLogo.status, foreignLogo.body.message]).toEqual([404, INVOICE_MSG.logoNotFound]);
    const foreignRoll = await post({ stamps: [{ roll_id: g.roll, from: 1001, to: 1001 }] });
    expect(foreignRoll.status).toBe(400);
    expect(foreignRoll.body.message).toBe('Stamp roll not found');
  });

  it('also takes customer_id and product: {id} for the customer and products', async () => {
    const res = await f.owner.api.post('/invoice', {
      customer_id: f.customer,
      items: [{ product: { id: f.wine }, qty: '4', price: '3.25', taxable: false, on_deal: false }],
      force: true,
    });
    expect(res.status).toBe(200);
    expect([res.body.customer.id, res.body.items[0].product_id, res.body.items[0].qty, res.body.total]).toEqual([
      f.customer,
      f.wine,
      4,
      13,
    ]);
  });

  it('refuses a new invoice for a deleted customer', async () => {
    await ctx.database.db.update(customers).set({ deleted_at: new Date() }).where(eq(customers.id, f.other));
    const res = await post({ customer: { id: f.other } });
    expect([res.status, res.body.message]).toEqual([400, INVOICE_MSG.customerDeleted]);
  });
});

describe('duplicates', () => {
  it('answers 409 with the duplicate within 24 hours, and creates it when forced', async () => {
    const f = await fixture();
    const body = { customer: { id: f.customer }, items: [item(f.liquor, 2, 10), item(f.wine, 1, 5)] };
    const first = await f.owner.api.post('/invoice', body);
    expect(first.status).toBe(200);
    const again = await f.owner.api.post('/invoice', {
      ...body,
      items: [item(f.wine, 1, 7), item(f.liquor, 2, 11)],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INVOICE_MSG.duplicate);
    expect(again.body.invoice).toMatchObject({ id: first.body.id, number: first.body.number });
    // nothing saved and no number used
    expect((await f.owner.api.get('/invoice/new-number')).body.number).toBe(first.body.number + 1);

    const otherQty = await f.owner.api.post('/invoice', {
      ...body,
      items: [item(f.liquor, 3, 10), item(f.wine, 1, 5)],
    });
    expect(otherQty.status).toBe(200);
    const forced = await f.owner.api.post('/invoice', { ...body, force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.number).toBe(first.body.number + 2);

    // older than 24 hours is no duplicate
    await ctx.database.db
      .update(invoices)
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(invoices.company_id, f.owner.companyId));
    expect((await f.owner.api.post('/invoice', body)).status).toBe(200);
  });
});

describe('stamps', () => {
  it('assigns exactly the ranges sent, adjusts them on edit and releases them on cancel', async () => {
    const f = await fixture();
    const res = await f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.liquor, 5, 10)],
      stamps: [{ roll_id: f.roll, from: 1001, to: 1005 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.stamps).toEqual([{ roll_id: f.roll, prefix: 'A', from: 1001, to: 1005, count: 5 }]);
    expect(res.body.stampsCount).toBe(5);
    expect(
      (await stampStatus(f.roll, 1001, 1005)).every((s) => s.status === 'INVOICED' && s.invoice_id === res.body.id),
    ).toBe(true);

    // a second invoice may not take them
    const clash = await f.owner.api.post('/invoice', {
      customer: { id: f.other },
      items: [item(f.liquor, 2, 10)],
      stamps: [{ roll_id: f.roll, from: 1004, to: 1006 }],
    });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe('Stamps A1004-A1005 are not available');
    expect((await stampStatus(f.roll, 1006, 1006))[0].status).toBe('AVAILABLE');
    expect((await f.owner.api.get('/invoice/grid')).body.count).toBe(1);

    // edit: 1001-1003 kept, 1004-1005 released, 1010-1011 taken
    const edit = await f.owner.api.put(`/invoice/${res.body.id}`, {
      customer: { id: f.customer },
      items: [item(f.liquor, 5, 10)],
      stamps: [
        { roll_id: f.roll, from: 1001, to: 1003 },
        { roll_id: f.roll, from: 1010, to: 1011 },
      ],
    });
    expect(edit.status).toBe(200);
    expect(edit.body.stamps.map((s: any) => [s.from, s.to])).toEqual([
      [1001, 1003],
      [1010, 1011],
    ]);
    expect((await stampStatus(f.roll, 1004, 1005)).map((s) => s.status)).toEqual(['AVAILABLE', 'AVAILABLE']);

    const cancel = await f.owner.api.put(`/invoice/${res.body.id}`, { status: 'cancelled' });
    expect(cancel.status).toBe(200);
    expect(cancel.body.stamps).toEqual([]);
    const all = await stampStatus(f.roll, 1001, 1011);
    expect(all.every((s) => s.status === 'AVAILABLE' && s.invoice_id === null)).toBe(true);
  });
});

describe('concurrent stamp claims', () => {
  it('lets only one of two simultaneous invoices take the same stamps', async () => {
    const f = await fixture();
    const body = (customer: number) => ({
      customer: { id: customer },
      items: [item(f.liquor, 3, 10)],
      stamps: [{ roll_id: f.roll, from: 1050, to: 1052 }],
    });
    const [a, b] = await Promise.all([
      f.owner.api.post('/invoice', body(f.customer)),
      f.owner.api.post('/invoice', body(f.other)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const winner = a.status === 200 ? a : b;
    const loser = a.status === 200 ? b : a;
    expect(loser.body.message).toBe('Stamps A1050-A1052 are not available');
    expect((await stampStatus(f.roll, 1050, 1052)).every((s) => s.invoice_id === winner.body.id)).toBe(true);
    expect((await f.owner.api.get('/invoice/grid')).body.count).toBe(1);
  });
});

describe('status, dates and edits', () => {
  it('changes only what is sent, records history, and keeps cancelled invoices read-only', async () => {
    const f = await fixture();
    const res = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 1, 10)] });
    expect(res.body.status).toBe('draft');
    expect(res.body.statusInfo.map((s: any) => s.new_status)).toEqual(['draft']);
    const id = res.body.id;

    const same = await f.owner.api.put(`/invoice/${id}`, { status: 'draft' });
    expect(same.body.statusInfo).toHaveLength(1);
    const delivered = await f.owner.api.put(`/invoice/${id}`, { status: 'delivered' });
    expect(delivered.body.status).toBe('delivered');
    expect(delivered.body.statusInfo.map((s: any) => s.new_status)).toEqual(['draft', 'delivered']);
    expect(delivered.body.statusInfo[1].created_at).toEqual(expect.any(String));

    const due = await f.owner.api.put(`/invoice/${id}`, { due_at: addDays(today, 1) });
    expect(due.body.due_at).toBe(addDays(today, 1));
    expect(due.body.statusInfo).toHaveLength(2);
    const badDue = await f.owner.api.put(`/invoice/${id}`, { due_at: addDays(today, 31) });
    expect([badDue.status, badDue.body.message]).toEqual([400, INVOICE_MSG.dueDateTooFar]);
    const date = await f.owner.api.put(`/invoice/${id}`, { invoiced_at: addDays(today, -3) });
    expect(date.body.invoiced_at).toBe(addDays(today, -3));
    expect(date.body.items).toHaveLength(1);

    const log = await ctx.database.db.select().from(activities).where(eq(activities.company_id, f.owner.companyId));
    expect(log.filter((a) => a.module === 'INVOICE').map((a) => a.type)).toEqual([
      'CREATE',
      'UPDATE',
      'UPDATE',
      'UPDATE',
    ]);

    await f.owner.api.put(`/invoice/${id}`, { status: 'cancelled' });
    const edit = await f.owner.api.put(`/invoice/${id}`, {
      customer: { id: f.customer },
      items: [item(f.wine, 2, 10)],
    });
    expect([edit.status, edit.body.message]).toEqual([400, INVOICE_MSG.cancelledEdit]);
    const reopen = await f.owner.api.put(`/invoice/${id}`, { status: 'draft' });
    expect([reopen.status, reopen.body.message]).toEqual([400, INVOICE_MSG.cancelledEdit]);
    const history = await ctx.database.db
      .select()
      .from(invoiceStatusHistory)
      .where(eq(invoiceStatusHistory.invoice_id, id));
    expect(history.map((h) => h.new_status)).toEqual(['draft', 'delivered', 'cancelled']);
  });

  it('starts with the company default status and the default logo', async () => {
    const f = await fixture();
    await ctx.database.db
      .update(companies)
      .set({ default_invoice_status: 'invoiced' })
      .where(eq(companies.id, f.owner.companyId));
    const res = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 1, 10)] });
    expect(res.body.status).toBe('invoiced');
    expect(res.body.invoiced_at).toBe(today);
  });

  it('renumbers an invoice edited into the other sequence', async () => {
    const f = await fixture({ starting: 10 });
    const res = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 1, 10)] });
    const edit = await f.owner.api.put(`/invoice/${res.body.id}`, {
      customer: { id: f.customer },
      items: [item(f.beer, 1, 10)],
    });
    expect([edit.body.number, edit.body.display_number]).toEqual([10, '10B']);
    const next = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 2, 10)] });
    expect(next.body.number).toBe(11);
  });
});

describe('edits after payments', () => {
  it('makes a paid invoice partially paid when an edit raises its total, and paid again when lowered', async () => {
    const f = await fixture({ taxRate: '0' });
    const res = await f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.wine, 2, 10)],
      status: 'invoiced',
    });
    const pay = await f.owner.api.post(`/invoice/${res.body.id}/payment`, { amount: 20, received_at: today });
    expect(pay.status).toBe(200);
    expect((await f.owner.api.get(`/invoice/${res.body.id}`)).body.status).toBe('paid');

    const raised = await f.owner.api.put(`/invoice/${res.body.id}`, {
      customer: { id: f.customer },
      items: [item(f.wine, 3, 10)],
      status: 'paid',
    });
    expect(raised.status).toBe(200);
    const after = (await f.owner.api.get(`/invoice/${res.body.id}`)).body;
    expect([after.status, Number(after.total), Number(after.paid_total)]).toEqual(['partially_paid', 30, 20]);

    await f.owner.api.put(`/invoice/${res.body.id}`, {
      customer: { id: f.customer },
      items: [item(f.wine, 1, 10)],
      status: 'partially_paid',
    });
    expect((await f.owner.api.get(`/invoice/${res.body.id}`)).body.status).toBe('paid');
  });
});

describe('inventory and sales counters', () => {
  it('moves stock by the difference on save, edit and cancel', async () => {
    const f = await fixture();
    await activateFeature(ctx, f.owner.companyId, 'inventory');
    const db = ctx.database.db;
    await db.insert(inventory).values([
      { company_id: f.owner.companyId, product_id: f.liquor, qty: 20, reorder_level: 10 },
      { company_id: f.owner.companyId, product_id: f.wine, qty: 3, reorder_level: 5 },
    ]);
    const stock = async () =>
      Object.fromEntries(
        (await db.select().from(inventory).where(eq(inventory.company_id, f.owner.companyId))).map((r) => [
          r.product_id,
          r.qty,
        ]),
      );
    const sold = async (id: number) => (await db.select().from(products).where(eq(products.id, id)))[0];

    const res = await f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.liquor, 12, '10.50'), item(f.wine, 3, 10)],
    });
    expect(await stock()).toEqual({ [f.liquor]: 8, [f.wine]: 0 });
    expect(res.body.items.map((i: any) => i.stock.level)).toEqual(['LOW', 'ZERO']);
    expect([(await sold(f.liquor)).units_sold, (await sold(f.liquor)).amount_sold]).toEqual([12, '126.00']);

    const edit = await f.owner.api.put(`/invoice/${res.body.id}`, {
      customer: { id: f.customer },
      items: [item(f.liquor, 10, '10.50'), item(f.water, 2, 1)],
    });
    expect(edit.status).toBe(200);
    expect(await stock()).toEqual({ [f.liquor]: 10, [f.wine]: 3, [f.water]: -2 });
    expect([(await sold(f.liquor)).units_sold, (await sold(f.wine)).units_sold]).toEqual([10, 0]);

    const history = await db.select().from(inventoryHistory).where(eq(inventoryHistory.invoice_id, res.body.id));
    expect(history.every((h) => h.source === 'invoice')).toBe(true);
    expect(history.map((h) => [h.product_id, h.qty]).sort()).toEqual(
      [
        [f.liquor, -12],
        [f.wine, -3],
        [f.liquor, 2],
        [f.wine, 3],
        [f.water, -2],
      ].sort(),
    );

    await f.owner.api.put(`/invoice/${res.body.id}`, { status: 'cancelled' });
    expect(await stock()).toEqual({ [f.liquor]: 20, [f.wine]: 3, [f.water]: 0 });
    expect((await sold(f.liquor)).units_sold).toBe(0);
    expect((await sold(f.liquor)).amount_sold).toBe('0.00');
  });
});

describe('detail, delete, recent, last', () => {
  it('shows the full invoice and lets only owners delete cancelled invoices', async () => {
    const f = await fixture();
    const res = await f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.liquor, 1, '10.00'), item(f.wine, 2, '20.00', { on_deal: true })],
      note: 'Leave at back door',
      company_note: 'Route 4',
    });
    const detail = await f.owner.api.get(`/invoice/${res.body.number}`);
    expect(detail.body).toMatchObject({
      note: 'Leave at back door',
      company_note: 'Route 4',
      customer: { id: f.customer, name: 'Broken Spoke Saloon', tabc_id: 'MB100001', deleted: false },
      company: { id: f.owner.companyId },
      payments: [],
      orders: [],
    });
    expect(detail.body.items.map((i: any) => [i.product.product, i.qty, i.on_deal, i.below_cost])).toEqual([
      ['TITOS VODKA', 1, false, true],
      ['BECKER CABERNET', 2, true, false],
    ]);

    // a staff user may not delete
    const [staff] = await ctx.database.db
      .insert(users)
      .values({
        company_id: f.owner.companyId,
        email: `staff.${Date.now()}@example.com`,
        name: 'Staff',
        role: 'staff',
        password_hash: await hashPassword('staff-pass'),
      })
      .returning();
    const signin = await client(ctx).post('/auth/signin', { email: staff.email, password: 'staff-pass' });
    const staffApi = client(ctx, signin.body.access_token);
    await f.owner.api.put(`/invoice/${res.body.id}`, { status: 'cancelled' });
    const denied = await staffApi.del(`/invoice/${res.body.number}`);
    expect([denied.status, denied.body.message]).toEqual([403, INVOICE_MSG.deleteOwnerOnly]);

    const other = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 9, 1)] });
    const notCancelled = await f.owner.api.del(`/invoice/${other.body.number}`);
    expect([notCancelled.status, notCancelled.body.message]).toEqual([400, INVOICE_MSG.deleteOnlyCancelled]);

    const ok = await f.owner.api.del(`/invoice/${res.body.number}`);
    expect(ok.status).toBe(200);
    expect((await f.owner.api.get(`/invoice/${res.body.id}`)).status).toBe(404);
  });

  it('links the online order an invoice was made from', async () => {
    const f = await fixture();
    const g = await fixture();
    const [order] = await ctx.database.db
      .insert(orders)
      .values({
        company_id: f.owner.companyId,
        order_number: 17,
        customer_id: f.customer,
        status: 'placed',
        total: '20.00',
      })
      .returning();
    const res = await f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.wine, 2, 10)],
      order_id: order.id,
    });
    expect(res.body.orders).toEqual([expect.objectContaining({ id: order.id, order_number: 17, total: 20 })]);
    const foreign = await g.owner.api.post('/invoice', {
      customer: { id: g.customer },
      items: [item(g.wine, 2, 10)],
      order_id: order.id,
    });
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Order not found']);
  });

  it('lists recent invoices and replicates the last one of a customer', async () => {
    const f = await fixture();
    const none = await f.owner.api.get('/invoice/last', { customerId: f.customer });
    expect([none.status, none.body.message]).toEqual([404, INVOICE_MSG.noInvoiceFound]);
    const a = await f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.wine, 1, 10)],
      invoiced_at: addDays(today, -5),
    });
    const b = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.liquor, 2, 10)] });
    await f.owner.api.post('/invoice', { customer: { id: f.other }, items: [item(f.liquor, 3, 10)] });
    const last = await f.owner.api.get('/invoice/last', { customerId: f.customer });
    expect(last.body.id).toBe(b.body.id);
    expect(last.body.items[0]).toMatchObject({ product_id: f.liquor, qty: 2, price: 10 });
    const recent = await f.owner.api.get('/invoice/recent');
    expect(recent.body.map((r: any) => r.customer_name)).toEqual([
      'Gruene Hall',
      'Broken Spoke Saloon',
      'Broken Spoke Saloon',
    ]);
    expect(recent.body[2].id).toBe(a.body.id);
  });
});

describe('grid, export, quick search and stats', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture({ starting: 3000 });
    const post = (customer: number, items: unknown[], invoiced_at: string, status = 'draft') =>
      f.owner.api.post('/invoice', { customer: { id: customer }, items, invoiced_at, status });
    await post(f.customer, [item(f.liquor, 2, '10.00')], addDays(today, -2), 'paid'); // 3000
    await post(f.other, [item(f.beer, 1, '29.99')], addDays(today, -1)); // 3000B
    await post(f.customer, [item(f.wine, 3, '5.00', { taxable: false })], today, 'invoiced'); // 3001
    await post(f.other, [item(f.liquor, 1, '100.00')], addDays(today, -40), 'cancelled'); // 3002
  });

  it('pages the grid, sorted by invoice date desc by default, with filters', async () => {
    const all = await f.owner.api.get('/invoice/grid', { startRow: 0, endRow: 25 });
    expect(all.body.count).toBe(4);
    expect(all.body.rows.map((r: any) => r.display_number)).toEqual(['3001', '3000B', '3000', '3002']);
    expect(all.body.rows[1]).toMatchObject({
      beer: true,
      customer_name: 'Gruene Hall',
      status: 'draft',
      total: 32.46,
      paid_total: 0,
    });
    const page = await f.owner.api.get('/invoice/grid', { startRow: 1, endRow: 3 });
    expect(page.body.rows.map((r: any) => r.display_number)).toEqual(['3000B', '3000']);

    const byCustomer = await f.owner.api.get('/invoice/grid', {
      filterModel: { customer: { filterType: 'text', type: 'contains', filter: 'spoke' } },
    });
    expect(byCustomer.body.rows.map((r: any) => r.number)).toEqual([3001, 3000]);
    const byStatus = await f.owner.api.get('/invoice/grid', {
      filterModel: { status: { filterType: 'set', values: ['cancelled', 'paid'] } },
      sortModel: [{ colId: 'total', sort: 'asc' }],
    });
    expect(byStatus.body.rows.map((r: any) => r.total)).toEqual([21.65, 108.25]);
    const byNumber = await f.owner.api.get('/invoice/grid', {
      filterModel: { number: { filterType: 'number', type: 'equals', filter: 3000 } },
    });
    expect(byNumber.body.rows.map((r: any) => r.display_number).sort()).toEqual(['3000', '3000B']);
    const byDate = await f.owner.api.get('/invoice/grid', {
      filterModel: {
        invoiced_at: { filterType: 'date', type: 'inRange', dateFrom: addDays(today, -2), dateTo: addDays(today, -1) },
      },
    });
    expect(byDate.body.count).toBe(2);
    const byTotal = await f.owner.api.get('/invoice/grid', {
      filterModel: { total: { filterType: 'number', type: 'greaterThan', filter: 30 } },
    });
    expect(byTotal.body.rows.map((r: any) => r.display_number)).toEqual(['3000B', '3002']);
    const forCustomer = await f.owner.api.get('/invoice/grid', { customerId: f.other });
    expect(forCustomer.body.count).toBe(2);
    const bad = await f.owner.api.get('/invoice/grid', { filterModel: { secret: { filter: 'x' } } });
    expect(bad.status).toBe(400);
  });

  it('exports the filtered invoices as summary and detailed CSV', async () => {
    const summary = await f.owner.api.get('/invoice/export', {
      type: 'summary',
      filterModel: { customer: { filterType: 'text', type: 'contains', filter: 'gruene' } },
    });
    expect(summary.status).toBe(200);
    expect(String(summary.headers['content-type'])).toContain('text/csv');
    const lines = String(summary.body).trim().split('\n');
    expect(lines[0]).toBe('Invoice #,Customer,TABC ID,Status,Invoice Date,Due Date,Sub Total,Tax,Total,Paid');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4))).toEqual([
      ['3000B', 'Gruene Hall', 'MB100003', 'Draft'],
      ['3002', 'Gruene Hall', 'MB100003', 'Cancelled'],
    ]);
    const detailed = await f.owner.api.get('/invoice/export', { type: 'detailed' });
    const dl = String(detailed.body).trim().split('\n');
    expect(dl).toHaveLength(5);
    expect(dl[1].split(',').slice(6, 14)).toEqual([
      'BECKER CABERNET',
      'Wine',
      '750ML',
      '3',
      '5.00',
      'No',
      'No',
      '15.00',
    ]);
  });

  it('quick-searches invoices by number and customers by name', async () => {
    const short = await f.owner.api.get('/company/quick-search', { query: '30' });
    expect([short.status, short.body.message]).toEqual([400, INVOICE_MSG.quickSearchMin]);
    const byNumber = await f.owner.api.get('/company/quick-search', { query: '3000' });
    expect(byNumber.body.invoices.map((i: any) => i.display_number)).toEqual(['3000', '3000B']);
    const beer = await f.owner.api.get('/company/quick-search', { query: '3000B' });
    expect(beer.body.invoices.map((i: any) => i.display_number)).toEqual(['3000B']);
    const byName = await f.owner.api.get('/company/quick-search', { query: 'gRuEnE' });
    expect(byName.body).toMatchObject({ invoices: [], customers: [{ id: f.other, name: 'Gruene Hall' }] });
  });

  it('sums the period without cancelled invoices, products by quantity', async () => {
    const stats = await f.owner.api.get('/company/stats', { from: addDays(today, -7), to: today });
    expect(stats.status).toBe(200);
    expect((await f.owner.api.get('/company/stats', { from: '2026-02-30', to: today })).status).toBe(400);
    expect(stats.body).toMatchObject({
      customerCount: 2,
      invoiceCount: 3,
      invoiceTotal: 69.11,
      orderCount: 0,
      orderTotal: 0,
      orderStats: [],
    });
    expect(
      stats.body.productStats.map((p: any) => [p.product, p.total_qty, p.total_amount, p.total_invoices, p.invoice]),
    ).toEqual([
      ['BECKER CABERNET', 3, 15, 1, '3001'],
      ['TITOS VODKA', 2, 20, 1, '3000'],
      ['SHINER BOCK', 1, 29.99, 1, '3000B'],
    ]);
  });
});

describe('tenant isolation', () => {
  it('answers 404 for every invoice endpoint of another company', async () => {
    const f = await fixture({ starting: 7000 });
    const g = await fixture({ starting: 7000 });
    const mine = await f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.liquor, 1, 10)],
      stamps: [{ roll_id: f.roll, from: 1001, to: 1001 }],
    });
    const them = g.owner.api;
    expect((await them.get(`/invoice/${mine.body.id}`)).status).toBe(404);
    expect((await them.get('/invoice/7000')).status).toBe(404);
    expect((await them.put(`/invoice/${mine.body.id}`, { status: 'paid' })).status).toBe(404);
    expect(
      (await them.put(`/invoice/${mine.body.id}`, { customer: { id: g.customer }, items: [item(g.liquor, 1, 1)] }))
        .status,
    ).toBe(404);
    expect((await them.del(`/invoice/${mine.body.number}`)).status).toBe(404);
    expect((await them.get('/invoice/last', { customerId: f.customer })).status).toBe(404);
    expect((await them.get('/invoice/new-number', { customerId: f.customer })).status).toBe(404);
    expect((await them.get('/invoice/grid', { customerId: f.customer })).body).toEqual({ rows: [], count: 0 });
    expect((await them.get('/invoice/grid')).body.count).toBe(0);
    expect((await them.get('/invoice/recent')).body).toEqual([]);
    expect(
      String((await them.get('/invoice/export', { type: 'summary' })).body)
        .trim()
        .split('\n'),
    ).toHaveLength(1);
    expect((await them.get('/company/quick-search', { query: '7000' })).body.invoices).toEqual([]);
    expect(
      (await them.get('/company/quick-search', { query: 'Broken' })).body.customers.map((c: any) => c.id),
    ).not.toContain(f.customer);
    expect((await them.get('/company/stats')).body.invoiceCount).toBe(0);
    // nothing of the first company changed
    const still = await f.owner.api.get(`/invoice/${mine.body.id}`);
    expect([still.body.status, still.body.stampsCount]).toEqual(['draft', 1]);
    expect((await f.owner.api.get('/invoice/grid')).body.count).toBe(1);
    expect((await client(ctx).get('/invoice/grid')).status).toBe(401);
  });
});
