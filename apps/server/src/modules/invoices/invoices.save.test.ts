/** Saving an invoice: totals, numbering, validation and duplicates. */
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { INVOICE_MSG } from '@dbo/domain/invoice';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, activateFeature, onPostgres, useTestApp } from '../../../test/helpers.js';
import { companies } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { invoices } from './invoices.tables.js';
import { invoiceFixture, type InvoiceFixture, item, range } from '../../../test/invoice-fixtures.js';

const t = useTestApp();

const today = todayInTexas();

describe('totals and rounding', () => {
  let f: InvoiceFixture;
  beforeAll(async () => {
    f = await invoiceFixture(t.ctx);
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
      const [row] = await t.ctx.database.db.select().from(invoices).where(eq(invoices.id, res.body.id));
      expect([row.sub_total, row.tax_total, row.total]).toEqual([sub.toFixed(2), tax.toFixed(2), total.toFixed(2)]);
    },
  );

  it('uses the company tax rate and ignores totals sent by the client', async () => {
    const g = await invoiceFixture(t.ctx, { taxRate: '10.00' });
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
  describe('from the starting number', () => {
    let f: InvoiceFixture;
    let next: ApiResponse;
    let a: ApiResponse;
    let b: ApiResponse;
    let c: ApiResponse;
    let d: ApiResponse;
    const save = (items: ReturnType<typeof item>[]) =>
      f.owner.api.post('/invoice', { customer: { id: f.customer }, items });
    const setStartingNumber = (starting_invoice_number: number) =>
      t.ctx.database.db.update(companies).set({ starting_invoice_number }).where(eq(companies.id, f.owner.companyId));
    beforeAll(async () => {
      f = await invoiceFixture(t.ctx, { starting: 1001 });
      next = await f.owner.api.get('/invoice/new-number', { customerId: f.customer });
      a = await save([item(f.liquor, 1, 10)]);
      b = await save([item(f.beer, 1, 10)]);
      c = await save([item(f.wine, 2, 10)]);
      d = await save([item(f.beer, 3, 10), item(f.water, 1, 1)]);
    });

    it('keeps separate liquor and beer sequences from the starting number, with the B suffix', async () => {
      expect(next.body).toEqual({ number: 1001, beer: false, display_number: '1001' });
      expect([a.body.number, a.body.beer, a.body.display_number]).toEqual([1001, false, '1001']);
      expect([b.body.number, b.body.beer, b.body.display_number]).toEqual([1001, true, '1001B']);
      expect([c.body.number, c.body.display_number]).toEqual([1002, '1002']);
      expect([d.body.number, d.body.display_number]).toEqual([1002, '1002B']);
      expect((await f.owner.api.get('/invoice/new-number', { beer: 'true' })).body).toMatchObject({
        number: 1003,
        beer: true,
        display_number: '1003B',
      });
    });

    it('finds an invoice by its number (plain = liquor, B = beer) or by its id', async () => {
      expect((await f.owner.api.get('/invoice/1001')).body.id).toBe(a.body.id);
      expect((await f.owner.api.get('/invoice/1001B')).body.id).toBe(b.body.id);
      expect((await f.owner.api.get(`/invoice/${c.body.id}?by=id`)).body.number).toBe(1002);
      expect((await f.owner.api.get('/invoice/1999')).status).toBe(404);
    });

    it('moves the sequence on when the starting number is raised; numbers never repeat', async () => {
      await setStartingNumber(5000);
      const e = await save([item(f.liquor, 4, 10)]);
      expect(e.body.number).toBe(5000);
      await setStartingNumber(1);
      const g = await save([item(f.liquor, 5, 10)]);
      expect(g.body.number).toBe(5001);
    });
  });

  it('shows {customerId}-{number} with customer invoice numbering', async () => {
    const f = await invoiceFixture(t.ctx, { starting: 200 });
    await activateFeature(t.ctx, f.owner.companyId, 'customer_invoice_numbering');
    const res = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.beer, 1, 10)] });
    expect(res.body.display_number).toBe(`${f.customer}-200B`);
    expect((await f.owner.api.get(`/invoice/${f.customer}-200B`)).body.id).toBe(res.body.id);
    const grid = await f.owner.api.get('/invoice/grid', { startRow: 0, endRow: 25 });
    expect(grid.body.rows.map((r: { display_number: string }) => r.display_number)).toEqual([`${f.customer}-200B`]);
    const found = await f.owner.api.get('/company/quick-search', { query: '200' });
    expect(found.body.invoices.map((r: { display_number: string }) => r.display_number)).toEqual([
      `${f.customer}-200B`,
    ]);
    expect((await f.owner.api.get('/invoice/new-number', { customerId: f.customer })).body.display_number).toBe(
      `${f.customer}-200`,
    );
  });

  it('gives sequential distinct numbers to concurrent saves', async () => {
    const f = await invoiceFixture(t.ctx, { starting: 1 });
    const saves = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, i + 1, 10)] }),
      ),
    );
    expect(saves.map((s) => s.status)).toEqual(Array(10).fill(200));
    expect(saves.map((s) => s.body.number).sort((a, b) => a - b)).toEqual(range(1, 10));
  });

  it.skipIf(!onPostgres)('50 concurrent saves on PostgreSQL get 50 distinct numbers', async () => {
    const f = await invoiceFixture(t.ctx, { starting: 1 });
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
  let f: InvoiceFixture;
  beforeAll(async () => {
    f = await invoiceFixture(t.ctx);
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
    const g = await invoiceFixture(t.ctx);
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
    await t.ctx.database.db.update(customers).set({ deleted_at: new Date() }).where(eq(customers.id, f.other));
    const res = await post({ customer: { id: f.other } });
    expect([res.status, res.body.message]).toEqual([400, INVOICE_MSG.customerDeleted]);
  });
});

describe('duplicates', () => {
  it('answers 409 with the duplicate within 24 hours, and creates it when forced', async () => {
    const f = await invoiceFixture(t.ctx);
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
    await t.ctx.database.db
      .update(invoices)
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(invoices.company_id, f.owner.companyId));
    expect((await f.owner.api.post('/invoice', body)).status).toBe(200);
  });
});
