/** Reading invoices: detail, delete, recent and last, grid, export, search, stats, tenants. */
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { INVOICE_ID_INVALID, INVOICE_MSG } from '@dbo/domain/invoice';
import { eq, sql } from 'drizzle-orm';
import { invoices } from './invoices.tables.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/helpers.js';
import { orders } from '../orders/orders.tables.js';
import { makeStaff } from '../../../test/factories.js';
import { invoiceFixture, type InvoiceFixture, item } from '../../../test/invoice-fixtures.js';

const t = useTestApp();

const today = todayInTexas();

describe('detail, delete, recent, last', () => {
  it('shows the full invoice and lets only owners delete cancelled invoices', async () => {
    const f = await invoiceFixture(t.ctx);
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
    const staffApi = await makeStaff(t.ctx, f.owner.companyId);
    await f.owner.api.put(`/invoice/${res.body.id}`, { status: 'cancelled' });
    const denied = await staffApi.del(`/invoice/${res.body.number}`);
    expect([denied.status, denied.body.message]).toEqual([403, INVOICE_MSG.deleteOwnerOnly]);

    const other = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 9, 1)] });
    const notCancelled = await f.owner.api.del(`/invoice/${other.body.number}`);
    expect([notCancelled.status, notCancelled.body.message]).toEqual([400, INVOICE_MSG.deleteOnlyCancelled]);

    const ok = await f.owner.api.del(`/invoice/${res.body.number}`);
    expect(ok.status).toBe(200);
    expect((await f.owner.api.get(`/invoice/${res.body.id}?by=id`)).status).toBe(404);
  });

  it('links the online order an invoice was made from', async () => {
    const f = await invoiceFixture(t.ctx);
    const g = await invoiceFixture(t.ctx);
    const [order] = await t.ctx.database.db
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
    const f = await invoiceFixture(t.ctx);
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
  let f: InvoiceFixture;
  beforeAll(async () => {
    f = await invoiceFixture(t.ctx, { starting: 3000 });
    const post = (customer: number, items: unknown[], invoiced_at: string, status = 'draft', stamps: unknown[] = []) =>
      f.owner.api.post('/invoice', { customer: { id: customer }, items, invoiced_at, status, stamps });
    // a paid liquor invoice holds its stamps (issue 30)
    const twoStamps = [{ roll_id: f.roll, from: 1001, to: 1002 }];
    await post(f.customer, [item(f.liquor, 2, '10.00')], addDays(today, -2), 'paid', twoStamps); // 3000
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

  it('counts a page past the end, and past 10,000 matching invoices answers the estimate (issue 37)', async () => {
    const past = await f.owner.api.get('/invoice/grid', { startRow: 100, endRow: 125 });
    expect([past.body.rows, past.body.count, past.body.count_estimated]).toEqual([[], 4, undefined]);
    const none = await f.owner.api.get('/invoice/grid', {
      filterModel: { number: { filterType: 'number', type: 'equals', filter: 1 } },
    });
    expect([none.body.rows, none.body.count]).toEqual([[], 0]);

    const big = await invoiceFixture(t.ctx);
    // 10,001 invoices written straight to the table: the grid's count stops counting at 10,001
    const [template] = await t.ctx.database.db
      .insert(invoices)
      .values({ company_id: big.owner.companyId, number: 1, customer_id: big.customer, invoiced_at: today })
      .returning();
    await t.ctx.database.db.execute(sql`
      insert into invoices (company_id, number, customer_id, invoiced_at)
      select ${template.company_id}, n, ${template.customer_id}, ${today}::date from generate_series(2, 10001) n`);
    await t.ctx.database.db.execute(sql`analyze invoices`);
    const first = await big.owner.api.get('/invoice/grid', { startRow: 0, endRow: 25 });
    expect(first.body.rows).toHaveLength(25);
    expect(first.body.count_estimated).toBe(true);
    expect(first.body.count).toBeGreaterThan(10_000);
    // under the cap, the count is exact again
    const some = await big.owner.api.get('/invoice/grid', {
      filterModel: { number: { filterType: 'number', type: 'lessThan', filter: 101 } },
    });
    expect([some.body.rows.length, some.body.count, some.body.count_estimated]).toEqual([25, 100, undefined]);
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
    const f = await invoiceFixture(t.ctx, { starting: 7000 });
    const g = await invoiceFixture(t.ctx, { starting: 7000 });
    const mine = await f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.liquor, 1, 10)],
      stamps: [{ roll_id: f.roll, from: 1001, to: 1001 }],
    });
    const them = g.owner.api;
    expect((await them.get(`/invoice/${mine.body.id}?by=id`)).status).toBe(404);
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
    const still = await f.owner.api.get(`/invoice/${mine.body.id}?by=id`);
    expect([still.body.status, still.body.stampsCount]).toEqual(['draft', 1]);
    expect((await f.owner.api.get('/invoice/grid')).body.count).toBe(1);
    expect((await client(t.ctx).get('/invoice/grid')).status).toBe(401);
  });
});

describe('GET /invoice/{ref}: ?by=id and ?by=number are never read the other way (issue 35 case 10)', () => {
  it("keeps the spec's 'id or number' without by; an id sent with ?by=id cannot land on another invoice", async () => {
    const f = await invoiceFixture(t.ctx);
    const a = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 1, '10.00')] });
    const b = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 2, '10.00')] });
    expect([a.status, b.status]).toEqual([200, 200]);
    // an id that is no invoice's number: the spec's GET /invoice/{id or number} finds it by id;
    // read as a number only, it names no invoice
    expect((await f.owner.api.get(`/invoice/${a.body.id}`)).body.id).toBe(a.body.id);
    expect((await f.owner.api.get(`/invoice/${a.body.id}?by=number`)).status).toBe(404);
    expect((await f.owner.api.get(`/invoice/${a.body.id}?by=id`)).body.id).toBe(a.body.id);
    // b now carries a's id as its number: the number finds b (staff links), ?by=id finds a
    await t.ctx.database.db.update(invoices).set({ number: a.body.id }).where(eq(invoices.id, b.body.id));
    expect((await f.owner.api.get(`/invoice/${a.body.id}`)).body.id).toBe(b.body.id);
    expect((await f.owner.api.get(`/invoice/${a.body.id}?by=id`)).body.id).toBe(a.body.id);
    expect((await f.owner.api.get(`/invoice/${a.body.id}?by=number`)).body.id).toBe(b.body.id);
    // ?by=id takes digits only; a bad `by` is a 400 too
    const bad = await f.owner.api.get(`/invoice/${a.body.number}B?by=id`);
    expect([bad.status, bad.body.message]).toEqual([400, INVOICE_ID_INVALID]);
    expect((await f.owner.api.get(`/invoice/${a.body.id}?by=name`)).status).toBe(400);
    expect((await f.owner.api.get('/invoice/99999999999?by=id')).status).toBe(404);
    // DELETE by id deletes that invoice, not the one carrying the number
    await f.owner.api.put(`/invoice/${a.body.id}`, { status: 'cancelled' });
    expect((await f.owner.api.del(`/invoice/${a.body.id}?by=id`)).status).toBe(200);
    expect((await f.owner.api.get(`/invoice/${a.body.id}?by=id`)).status).toBe(404);
    expect((await f.owner.api.get(`/invoice/${b.body.id}?by=id`)).status).toBe(200);
  });
});
