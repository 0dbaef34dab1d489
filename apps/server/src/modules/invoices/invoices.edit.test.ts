/** Changing a saved invoice: stamps, status, dates, payments and stock. */
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { INVOICE_MSG } from '@dbo/domain/invoice';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activateFeature, useTestApp } from '../../../test/helpers.js';
import { activities } from '../activity/activity.tables.js';
import { companies, logos, users } from '../company/company.tables.js';
import { inventory, inventoryHistory } from '../inventory/inventory.tables.js';
import { products } from '../products/products.tables.js';
import { invoiceStatusHistory } from './invoices.tables.js';
import { invoiceFixture, item, stampStatus } from '../../../test/invoice-fixtures.js';
import { makeStaff } from '../../../test/factories.js';

const t = useTestApp();

const today = todayInTexas();

describe('stamps', () => {
  it('assigns exactly the ranges sent, adjusts them on edit and releases them on cancel', async () => {
    const f = await invoiceFixture(t.ctx);
    const res = await f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.liquor, 5, 10)],
      stamps: [{ roll_id: f.roll, from: 1001, to: 1005 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.stamps).toEqual([{ roll_id: f.roll, prefix: 'A', from: 1001, to: 1005, count: 5 }]);
    expect(res.body.stampsCount).toBe(5);
    expect(
      (await stampStatus(t.ctx, f.roll, 1001, 1005)).every(
        (s) => s.status === 'INVOICED' && s.invoice_id === res.body.id,
      ),
    ).toBe(true);

    // a second invoice may not take them
    const clash = await f.owner.api.post('/invoice', {
      customer: { id: f.other },
      items: [item(f.liquor, 2, 10)],
      stamps: [{ roll_id: f.roll, from: 1004, to: 1006 }],
    });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe('Stamps A1004-A1005 are not available');
    expect((await stampStatus(t.ctx, f.roll, 1006, 1006))[0].status).toBe('AVAILABLE');
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
    expect((await stampStatus(t.ctx, f.roll, 1004, 1005)).map((s) => s.status)).toEqual(['AVAILABLE', 'AVAILABLE']);

    const cancel = await f.owner.api.put(`/invoice/${res.body.id}`, { status: 'cancelled' });
    expect(cancel.status).toBe(200);
    expect(cancel.body.stamps).toEqual([]);
    const all = await stampStatus(t.ctx, f.roll, 1001, 1011);
    expect(all.every((s) => s.status === 'AVAILABLE' && s.invoice_id === null)).toBe(true);
  });
});

describe('concurrent stamp claims', () => {
  it('lets only one of two simultaneous invoices take the same stamps', async () => {
    const f = await invoiceFixture(t.ctx);
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
    expect((await stampStatus(t.ctx, f.roll, 1050, 1052)).every((s) => s.invoice_id === winner.body.id)).toBe(true);
    expect((await f.owner.api.get('/invoice/grid')).body.count).toBe(1);
  });
});

describe('status, dates and edits', () => {
  it('changes only what is sent, records history, and keeps cancelled invoices read-only', async () => {
    const f = await invoiceFixture(t.ctx);
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

    const log = await t.ctx.database.db.select().from(activities).where(eq(activities.company_id, f.owner.companyId));
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
    const history = await t.ctx.database.db
      .select()
      .from(invoiceStatusHistory)
      .where(eq(invoiceStatusHistory.invoice_id, id));
    expect(history.map((h) => h.new_status)).toEqual(['draft', 'delivered', 'cancelled']);
  });

  it('names the user who made each status change (save, status change, payment), each payment and credit memo', async () => {
    const f = await invoiceFixture(t.ctx);
    const office = await makeStaff(t.ctx, f.owner.companyId, 'office', 'Olivia Office');
    const created = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 1, 10)] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id;
    expect(created.body.statusInfo).toEqual([
      expect.objectContaining({ new_status: 'draft', user: { id: f.owner.user.id, name: 'Test Owner' } }),
    ]);
    // a status change by another user of the company
    const invoiced = await office.put(`/invoice/${id}`, { status: 'invoiced' });
    expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(200);
    // a payment that moves the status: its entry names who recorded the payment
    const paid = await office.post(`/invoice/${id}/payment`, { received_at: today, amount: created.body.total });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const detail = await f.owner.api.get(`/invoice/${id}?by=id`);
    expect(detail.status).toBe(200);
    const who = (r: any) => r.body.statusInfo.map((h: any) => [h.new_status, h.user?.name ?? null]);
    expect(who(detail)).toEqual([
      ['draft', 'Test Owner'],
      ['invoiced', 'Olivia Office'],
      ['paid', 'Olivia Office'],
    ]);
    expect(detail.body.statusInfo[1].user.id).toEqual(expect.any(Number));
    expect(detail.body.statusInfo[1].user.id).not.toBe(f.owner.user.id);
    // the payment and a credit memo name who recorded them too
    const memo = await office.post(`/invoice/${id}/credit-memo`, {
      items: [{ product_id: f.wine, qty: 1 }],
      reason: 'Broken bottle',
    });
    expect(memo.status, JSON.stringify(memo.body)).toBe(200);
    expect(memo.body).toMatchObject({ user_id: detail.body.statusInfo[1].user.id, user: 'Olivia Office' });
    const recorders = async () => [
      (await f.owner.api.get(`/invoice/${id}/payment`)).body.map((p: any) => p.user),
      (await f.owner.api.get(`/invoice/${id}/credit-memo`)).body.map((m: any) => m.user),
    ];
    expect(await recorders()).toEqual([['Olivia Office'], ['Olivia Office']]);
    // a change no user made (the system) names nobody; a removed user is still named
    await t.ctx.database.db
      .update(invoiceStatusHistory)
      .set({ user_id: null })
      .where(and(eq(invoiceStatusHistory.invoice_id, id), eq(invoiceStatusHistory.new_status, 'draft')));
    const [staff] = await t.ctx.database.db
      .select()
      .from(users)
      .where(and(eq(users.company_id, f.owner.companyId), eq(users.name, 'Olivia Office')));
    const removed = await f.owner.api.del(`/company/users/${staff.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(who(await f.owner.api.get(`/invoice/${id}?by=id`)).slice(0, 3)).toEqual([
      ['draft', null],
      ['invoiced', 'Olivia Office'],
      ['paid', 'Olivia Office'],
    ]);
    expect(await recorders()).toEqual([['Olivia Office'], ['Olivia Office']]);
  });

  it('starts with the company default status and the default logo', async () => {
    const f = await invoiceFixture(t.ctx);
    await t.ctx.database.db
      .update(companies)
      .set({ default_invoice_status: 'invoiced' })
      .where(eq(companies.id, f.owner.companyId));
    const res = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 1, 10)] });
    expect(res.body.status).toBe('invoiced');
    expect(res.body.invoiced_at).toBe(today);
  });

  it("prints the company's default logo on an invoice without its own, and shows only its own on the detail", async () => {
    const f = await invoiceFixture(t.ctx);
    const saved = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 1, 10)] });
    const logo = { path: 'logos/default.png', originalname: 'default.png', mimetype: 'image/png', size: 10 };
    const [row] = await t.ctx.database.db
      .insert(logos)
      .values({ company_id: f.owner.companyId, ...logo })
      .returning({ id: logos.id });
    await t.ctx.database.db
      .update(companies)
      .set({ default_logo_id: row.id })
      .where(eq(companies.id, f.owner.companyId));
    const shown = async (id: number) => {
      const detail = await f.owner.api.get(`/invoice/${id}?by=id`);
      const link = await f.owner.api.get(`/invoice/${id}/print-link`);
      const page = await f.owner.api.get(`/pdf/invoice/${link.body.token}`);
      return { detail: detail.body.logo, print: page.body.invoice.logo };
    };
    // saved before the company had a default logo: none of its own
    expect(await shown(saved.body.id)).toEqual({ detail: null, print: { id: row.id, ...logo } });
    const later = await f.owner.api.post('/invoice', { customer: { id: f.customer }, items: [item(f.wine, 2, 10)] });
    expect(await shown(later.body.id)).toEqual({ detail: { id: row.id, ...logo }, print: { id: row.id, ...logo } });
  });

  it('renumbers an invoice edited into the other sequence', async () => {
    const f = await invoiceFixture(t.ctx, { starting: 10 });
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
    const f = await invoiceFixture(t.ctx, { taxRate: '0' });
    const res = await f.owner.api.post('/invoice', {
      customer: { id: f.customer },
      items: [item(f.wine, 2, 10)],
      status: 'invoiced',
    });
    const pay = await f.owner.api.post(`/invoice/${res.body.id}/payment`, { amount: 20, received_at: today });
    expect(pay.status).toBe(200);
    expect((await f.owner.api.get(`/invoice/${res.body.id}?by=id`)).body.status).toBe('paid');

    const raised = await f.owner.api.put(`/invoice/${res.body.id}`, {
      customer: { id: f.customer },
      items: [item(f.wine, 3, 10)],
      status: 'paid',
    });
    expect(raised.status).toBe(200);
    const after = (await f.owner.api.get(`/invoice/${res.body.id}?by=id`)).body;
    expect([after.status, Number(after.total), Number(after.paid_total)]).toEqual(['partially_paid', 30, 20]);

    await f.owner.api.put(`/invoice/${res.body.id}`, {
      customer: { id: f.customer },
      items: [item(f.wine, 1, 10)],
      status: 'partially_paid',
    });
    expect((await f.owner.api.get(`/invoice/${res.body.id}?by=id`)).body.status).toBe('paid');
  });
});

describe('inventory and sales counters', () => {
  it('moves stock by the difference on save, edit and cancel', async () => {
    const f = await invoiceFixture(t.ctx);
    await activateFeature(t.ctx, f.owner.companyId, 'inventory');
    const db = t.ctx.database.db;
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
