import {
  CREDIT_LAW_MSG,
  DELINQUENT_SOON_DAYS,
  creditLawDueDate,
  delinquentFrom,
  holidaySet,
  texasHolidaysBetween,
} from '@dbo/domain/credit-law';
import { addDays, formatDate, todayInTexas } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { line, makeCompany, makeCustomer, makeInvoice, makeProduct } from '../../../test/factories.js';
import { createTestApp, type SignedUp, useTestApp } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';
import { seedDemoIfEmpty } from '../../seed/demo.js';
import { companies } from '../company/company.tables.js';
import { customers, delinquents } from '../customers/customers.tables.js';
import { customerDelinquency, delinquentAccounts } from './delinquency.service.js';

const t = useTestApp();
let owner: SignedUp;
let other: SignedUp;
let liquor: { id: number };
let wine: { id: number };
let beer: { id: number };
const today = todayInTexas();
const year = Number(today.slice(0, 4));
const TX = holidaySet(texasHolidaysBetween(year - 1, year + 1));

beforeAll(async () => {
  owner = await makeCompany(t.ctx, { name: 'Lone Star Spirits' });
  other = await makeCompany(t.ctx);
  liquor = await makeProduct(t.ctx, owner.companyId, { product_type: 'LIQUOR' });
  wine = await makeProduct(t.ctx, owner.companyId, { product_type: 'WINE', product: 'BECKER CABERNET' });
  beer = await makeProduct(t.ctx, owner.companyId, { product_type: 'BEER', product: 'SHINER BOCK 24PK' });
});

/** An issued liquor invoice of `customerId` due on `due_at` (unpaid). */
const lateInvoice = (customerId: number, due_at: string, price = 100) =>
  makeInvoice(owner, {
    customerId,
    items: [line(liquor.id, 1, price, { taxable: false })],
    status: 'invoiced',
    invoiced_at: addDays(due_at, -10),
    due_at,
    force: true,
  });

describe('credit-law default due date on POST /invoice', () => {
  it('gives liquor and wine the credit-law date, beer and cash on delivery the day after', async () => {
    const c = await makeCustomer(t.ctx, owner.companyId);
    const cod = await makeCustomer(t.ctx, owner.companyId, { cash_on_delivery: true });
    const back = addDays(today, -3);
    const l = await makeInvoice(owner, { customerId: c.id, items: [line(liquor.id, 1, 10)], force: true });
    expect(l.due_at).toBe(creditLawDueDate(today));
    const w = await makeInvoice(owner, {
      customerId: c.id,
      items: [line(wine.id, 2, 10)],
      invoiced_at: back,
      force: true,
    });
    expect(w.due_at).toBe(creditLawDueDate(back));
    const b = await makeInvoice(owner, { customerId: c.id, items: [line(beer.id, 1, 10)], force: true });
    expect(b.due_at).toBe(addDays(today, 1));
    const onDelivery = await makeInvoice(owner, { customerId: cod.id, items: [line(liquor.id, 1, 10)], force: true });
    expect(onDelivery.due_at).toBe(addDays(today, 1));
    // a date sent (or none, explicitly) is kept
    const sent = await makeInvoice(owner, {
      customerId: c.id,
      items: [line(liquor.id, 3, 10)],
      due_at: addDays(today, 2),
      force: true,
    });
    expect(sent.due_at).toBe(addDays(today, 2));
    const none = await makeInvoice(owner, { customerId: c.id, items: [line(liquor.id, 4, 10)], due_at: null });
    expect(none.due_at).toBeNull();
  });
});

describe('refusing a sale to a delinquent customer', () => {
  it('refuses liquor and wine (not beer) while a credit-law invoice is unpaid, and allows it once paid', async () => {
    const c = await makeCustomer(t.ctx, owner.companyId, { tabc_id: 'MB300001' });
    const late = await lateInvoice(c.id, addDays(today, -30), 150);
    const res = await owner.api.post('/invoice', {
      customer: { id: c.id },
      items: [line(wine.id, 1, 20)],
      stamps: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CREDIT_LAW_MSG.delinquent([String(late.number)], formatMoney(150)));
    const beerSale = await owner.api.post('/invoice', { customer: { id: c.id }, items: [line(beer.id, 1, 20)] });
    expect(beerSale.status).toBe(200);

    const standing = await owner.api.get(`/customer/${c.id}/delinquency`);
    expect(standing.status).toBe(200);
    expect(standing.body).toMatchObject({
      customer_id: c.id,
      delinquent: true,
      blocked: true,
      amount: 150,
      tabc_delinquent_since: null,
      reason: res.body.message,
    });
    expect(standing.body.invoices.map((i: any) => [i.id, i.due_at, i.owing])).toEqual([
      [late.id, addDays(today, -30), 150],
    ]);

    // editing the old invoice is not a new sale
    const edit = await owner.api.put(`/invoice/${late.id}`, {
      customer: { id: c.id },
      items: [line(liquor.id, 1, 150, { taxable: false })],
      // an invoiced liquor invoice keeps the stamp it holds (issue 30)
      stamps: late.stamps.map((r: { roll_id: number; from: number; to: number }) => ({
        roll_id: r.roll_id,
        from: r.from,
        to: r.to,
      })),
      note: 'corrected',
    });
    expect(edit.status).toBe(200);

    const pay = await owner.api.post(`/invoice/${late.id}/payment`, { received_at: today, amount: 150 });
    expect(pay.status).toBe(200);
    const after = await owner.api.post('/invoice', { customer: { id: c.id }, items: [line(wine.id, 1, 20)] });
    expect(after.status).toBe(200);
    expect((await owner.api.get(`/customer/${c.id}/delinquency`)).body).toMatchObject({
      delinquent: false,
      blocked: false,
      reason: null,
    });
  });

  it('does not count an invoice before the 4th business day after its due date, nor beer, drafts or cancelled', async () => {
    const c = await makeCustomer(t.ctx, owner.companyId);
    await lateInvoice(c.id, addDays(today, -1));
    // long overdue, but a beer invoice and a draft
    for (const [items, status] of [
      [[line(beer.id, 1, 10)], 'invoiced'],
      [[line(liquor.id, 2, 10)], 'draft'],
    ] as const) {
      await makeInvoice(owner, {
        customerId: c.id,
        items: [...items],
        status,
        invoiced_at: addDays(today, -40),
        due_at: addDays(today, -30),
      });
    }
    const cancelled = await lateInvoice(c.id, addDays(today, -20));
    await owner.api.put(`/invoice/${cancelled.id}`, { status: 'cancelled' });
    const d = await owner.api.get(`/customer/${c.id}/delinquency`);
    // due yesterday is never 4 business days ago
    expect(d.body).toMatchObject({ delinquent: false, blocked: false });
    const res = await owner.api.post('/invoice', { customer: { id: c.id }, items: [line(liquor.id, 5, 10)] });
    expect(res.status).toBe(200);
  });

  it('refuses a customer on the imported TABC delinquent list, naming it', async () => {
    const c = await makeCustomer(t.ctx, owner.companyId, { tabc_id: 'MB-300777' });
    const since = addDays(today, -12);
    await t.ctx.database.db.insert(delinquents).values({ tabc_id: 'MB300777', effective_date: since });
    const res = await owner.api.post('/invoice', { customer: { id: c.id }, items: [line(liquor.id, 1, 20)] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CREDIT_LAW_MSG.tabcDelinquent(formatDate(since)));
    const d = await owner.api.get(`/customer/${c.id}/delinquency`);
    expect(d.body).toMatchObject({ delinquent: false, tabc_delinquent_since: since, blocked: true });
    const page = await owner.api.get(`/customer/${c.id}`);
    expect([page.body.delinquent, page.body.tabc_delinquent]).toEqual([false, true]);
  });
});

describe('delinquent accounts report, dashboard and grid', () => {
  let company: SignedUp;
  let spoke: { id: number; name: string };
  let gruene: { id: number };
  let soonCustomer: { id: number };
  let lateA: any;
  let lateB: any;
  beforeAll(async () => {
    company = await makeCompany(t.ctx, { name: 'Report Spirits', tabc_id: 'LP555555' });
    const p = await makeProduct(t.ctx, company.companyId, { product_type: 'LIQUOR' });
    // all made with a due date ahead, then moved back from the invoice view (a late invoice refuses the next sale)
    const make = (customerId: number, invoiced_at: string, price: number) =>
      makeInvoice(company, {
        customerId,
        items: [line(p.id, 1, price, { taxable: false })],
        status: 'invoiced',
        invoiced_at,
        due_at: addDays(today, 20),
        force: true,
      });
    const move = async (id: number, due_at: string) => {
      const moved = await company.api.put(`/invoice/${id}`, { due_at });
      expect(moved.status).toBe(200);
    };
    spoke = await makeCustomer(t.ctx, company.companyId, { name: 'Broken Spoke', tabc_id: 'MB100234' });
    gruene = await makeCustomer(t.ctx, company.companyId, { name: 'Gruene Hall', tabc_id: 'MB101552' });
    soonCustomer = await makeCustomer(t.ctx, company.companyId, { name: 'Continental Club', tabc_id: 'MB100871' });
    lateA = await make(spoke.id, addDays(today, -50), 120.5);
    lateB = await make(spoke.id, addDays(today, -30), 80);
    const soon = await make(soonCustomer.id, addDays(today, -10), 45.25);
    await make(gruene.id, addDays(today, -5), 99);
    await move(lateA.id, addDays(today, -40));
    await move(lateB.id, addDays(today, -20));
    await move(soon.id, today);
  });

  /** The row of a late invoice made `invoiced` days from today, due `due` days from today. */
  const lateRow = (inv: { id: number; number: number }, invoiced: number, due: number, total: number) => ({
    id: inv.id,
    number: inv.number,
    display_number: String(inv.number),
    invoiced_at: addDays(today, invoiced),
    due_at: addDays(today, due),
    delinquent_from: delinquentFrom(addDays(today, due), TX),
    total,
    owing: total,
  });

  it('answers JSON rows with permit, trade name, invoices, dates, amounts and due dates', async () => {
    const res = await company.api.get('/customer/delinquent');
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      {
        customer_id: spoke.id,
        permit: 'MB100234',
        trade_name: 'Broken Spoke',
        city: 'Austin',
        delinquent_from: delinquentFrom(addDays(today, -40), TX),
        amount: 200.5,
        invoices: [lateRow(lateA, -50, -40, 120.5), lateRow(lateB, -30, -20, 80)],
      },
    ]);
  });

  it('answers CSV with one line per invoice', async () => {
    const res = await company.api.get('/customer/delinquent', { format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toContain('delinquent-accounts-');
    expect(String(res.body).trim().split('\r\n')).toEqual([
      'Permit,Trade Name,Invoice,Invoice Date,Due Date,Delinquent From,Amount Owing',
      `MB100234,Broken Spoke,${lateA.number},${addDays(today, -50)},${addDays(today, -40)},${delinquentFrom(addDays(today, -40), TX)},120.50`,
      `MB100234,Broken Spoke,${lateB.number},${addDays(today, -30)},${addDays(today, -20)},${delinquentFrom(addDays(today, -20), TX)},80.00`,
    ]);
  });

  it('answers a PDF whose text names the company, the account, its invoices and amounts', async () => {
    const res = await t.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/customer/delinquent?format=pdf',
      headers: { authorization: `Bearer ${company.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const flat = await pdfText(res.rawPayload);
    for (const expected of [
      'Report Spirits',
      'TABC Permit: LP555555',
      'Delinquent Accounts',
      'MB100234',
      'Broken Spoke',
      String(lateA.number),
      formatDate(addDays(today, -50)),
      formatDate(addDays(today, -40)),
      '$120.50',
      '$80.00',
      '$200.50',
      'Page 1 of 1',
    ])
      expect(flat).toContain(expected);
    expect(flat).not.toContain('Continental Club');
  });

  it('refuses an unknown format with a 400', async () => {
    const res = await company.api.get('/customer/delinquent', { format: 'xls' });
    expect(res.status).toBe(400);
  });

  it('summarises delinquent accounts and those becoming delinquent in the next days', async () => {
    const res = await company.api.get('/customer/delinquent/summary');
    expect(res.status).toBe(200);
    expect(res.body.today).toBe(today);
    expect(res.body.delinquent).toMatchObject({ count: 1, amount: 200.5 });
    expect(res.body.delinquent.rows.map((r: any) => r.trade_name)).toEqual(['Broken Spoke']);
    expect(res.body.soon.days).toBe(DELINQUENT_SOON_DAYS);
    // due today: delinquent from the 4th business day after today, usually within the 5 days
    const from = delinquentFrom(today, TX);
    const expectSoon = from <= addDays(today, DELINQUENT_SOON_DAYS);
    expect(res.body.soon.rows.map((r: any) => [r.trade_name, r.delinquent_from, r.amount])).toEqual(
      expectSoon ? [['Continental Club', from, 45.25]] : [],
    );
  });

  it('flags delinquent customers on the grid and the customer page', async () => {
    const grid = await company.api.get('/customer/grid', { startRow: 0, endRow: 50 });
    expect(grid.status).toBe(200);
    const flags = Object.fromEntries(grid.body.rows.map((r: any) => [r.name, r.delinquent]));
    expect(flags).toEqual({ 'Broken Spoke': true, 'Continental Club': false, 'Gruene Hall': false });
    const page = await company.api.get(`/customer/${spoke.id}`);
    expect(page.body.delinquent).toBe(true);
  });

  it("keeps each company's accounts to itself", async () => {
    const mine = await other.api.get('/customer/delinquent');
    expect(mine.body.rows).toEqual([]);
    expect((await other.api.get(`/customer/${spoke.id}/delinquency`)).status).toBe(404);
    expect((await other.api.get('/customer/delinquent/summary')).body.delinquent.count).toBe(0);
    const csv = await other.api.get('/customer/delinquent', { format: 'csv' });
    expect(String(csv.body)).not.toContain('Broken Spoke');
  });
});

describe('company holiday list', () => {
  it('is seeded with the Texas state holidays and can be replaced, then reset', async () => {
    const c = await makeCompany(t.ctx);
    const seeded = await c.api.get('/company/holidays');
    expect(seeded.status).toBe(200);
    expect(seeded.body.seeded).toBe(true);
    expect(seeded.body.holidays).toContainEqual({ date: `${year}-03-02`, name: 'Texas Independence Day' });

    const list = [{ date: `${year}-12-24`, name: 'Christmas Eve' }];
    const put = await c.api.put('/company/holidays', { holidays: list });
    expect(put.body).toEqual({ holidays: list, seeded: false });
    const dup = await c.api.put('/company/holidays', { holidays: [...list, ...list] });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(CREDIT_LAW_MSG.holidayDuplicate);
    const bad = await c.api.put('/company/holidays', { holidays: [{ date: `${year}-02-30`, name: 'x' }] });
    expect(bad.status).toBe(400);
    // another company's list is its own
    expect((await owner.api.get('/company/holidays')).body.seeded).toBe(true);
    const reset = await c.api.put('/company/holidays', { holidays: null });
    expect(reset.body.seeded).toBe(true);
  });
});

describe('the demo data under the credit law', () => {
  // the demo company is seeded only into the embedded database, never on PostgreSQL (a shared test database there)
  it.skipIf(!!inject('databaseUrl'))(
    'has one customer that cannot buy liquor (delinquent and on the TABC list); the others can',
    async () => {
      const demo = await createTestApp();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-demo-'));
      try {
        await seedDemoIfEmpty(demo.database.db, dir);
        const [company] = await demo.database.db.select().from(companies);
        const accounts = await delinquentAccounts(demo.database.db, company.id);
        expect(accounts.map((a) => a.trade_name)).toEqual(['Billy Bob’s Texas']);
        const list = await demo.database.db.select().from(customers).where(eq(customers.company_id, company.id));
        const blocked = [];
        for (const c of list)
          if ((await customerDelinquency(demo.database.db, company.id, c.id)).blocked) blocked.push(c.name);
        expect(blocked).toEqual(['Billy Bob’s Texas']);
        expect(list.length).toBe(6);
      } finally {
        await demo.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
