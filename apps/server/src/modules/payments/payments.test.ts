import { addDays, todayInTexas } from '@dbo/domain/dates';
import { PAYMENT_MSG } from '@dbo/domain/payment';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAppWithTwoCompanies } from '../../../test/helpers.js';
import { makeInvoice } from '../../../test/payments-fixtures.js';
import { makeStaff } from '../../../test/factories.js';
import { invoiceStatusHistory, invoices } from '../invoices/invoices.tables.js';
import { paymentAllocations, payments } from './payments.tables.js';

const t = useAppWithTwoCompanies();

const today = todayInTexas();
const invoiceRow = async (id: number) =>
  (await t.ctx.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const history = async (id: number) =>
  (
    await t.ctx.database.db
      .select()
      .from(invoiceStatusHistory)
      .where(eq(invoiceStatusHistory.invoice_id, id))
      .orderBy(invoiceStatusHistory.id)
  ).map((h) => `${h.old_status ?? '-'}>${h.new_status}`);

describe('payment rules', () => {
  it('refuses bad input with the field messages and changes nothing', async () => {
    const { invoice } = await makeInvoice(t.ctx, t.owner.companyId);
    const url = `/invoice/${invoice.id}/payment`;
    const missing = await t.owner.api.post(url, {});
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([PAYMENT_MSG.receivedAtRequired, PAYMENT_MSG.amountRequired]);
    const ahead = await t.owner.api.post(url, { received_at: addDays(today, 4), amount: 10 });
    expect(ahead.status).toBe(400);
    expect(ahead.body.message).toBe(PAYMENT_MSG.receivedAtAhead);
    const small = await t.owner.api.post(url, { received_at: today, amount: 0.001 });
    expect(small.body.message).toBe(PAYMENT_MSG.amountMin);
    const zero = await t.owner.api.post(url, { received_at: today, amount: '0' });
    expect(zero.body.message).toBe(PAYMENT_MSG.amountMin);
    // three days ahead is the limit and allowed
    const ok = await t.owner.api.post(url, { received_at: addDays(today, 3), amount: '0.01' });
    expect(ok.status).toBe(200);
    const rows = await t.ctx.database.db
      .select()
      .from(paymentAllocations)
      .where(eq(paymentAllocations.invoice_id, invoice.id));
    expect(rows.map((r) => r.amount)).toEqual(['0.01']);
  });

  it('refuses a payment on a cancelled invoice', async () => {
    const { invoice } = await makeInvoice(t.ctx, t.owner.companyId, { status: 'cancelled' });
    const res = await t.owner.api.post(`/invoice/${invoice.id}/payment`, { received_at: today, amount: 5 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PAYMENT_MSG.cancelled);
    expect((await invoiceRow(invoice.id)).paid_total).toBe('0.00');
  });
});

describe('status follows the money', () => {
  it('goes partially_paid, paid, back on edit and delete, with history and paid_total', async () => {
    // 3 x 18.99 = 56.97 taxable, tax 4.70; + 21.99 untaxed -> total 83.66
    const { invoice, totals } = await makeInvoice(t.ctx, t.owner.companyId, { status: 'delivered' });
    expect(totals.total).toBe(83.66);
    const url = `/invoice/${invoice.id}/payment`;

    const first = await t.owner.api.post(url, { received_at: today, amount: 50, note: 'check #1201' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ amount: 50, received_at: today, note: 'check #1201' });
    expect(first.body.invoice).toMatchObject({ status: 'partially_paid', paid_total: 50, remaining: 33.66 });

    const second = await t.owner.api.post(url, { received_at: today, amount: '33.66' });
    expect(second.body.invoice).toMatchObject({ status: 'paid', paid_total: 83.66, remaining: 0 });
    expect((await invoiceRow(invoice.id)).status).toBe('paid');

    // editing the second payment down reopens the balance
    const edit = await t.owner.api.put(`${url}/${second.body.id}`, {
      received_at: today,
      amount: 10,
      note: 'corrected',
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ id: second.body.id, amount: 10, note: 'corrected' });
    expect(edit.body.invoice).toMatchObject({ status: 'partially_paid', paid_total: 60, remaining: 23.66 });

    // overpaying makes it paid; the excess is the customer's credit, the remaining amount stays 0 (issue 30)
    const over = await t.owner.api.put(`${url}/${second.body.id}`, { received_at: today, amount: 40 });
    expect(over.body).toMatchObject({ amount: 40, applied: 33.66, on_account: 6.34 });
    expect(over.body.invoice).toMatchObject({ status: 'paid', paid_total: 83.66, remaining: 0 });

    await t.owner.api.del(`${url}/${second.body.id}`);
    const del = await t.owner.api.del(`${url}/${first.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ success: true, id: first.body.id });
    // nothing paid any more: back to the status before payments
    expect(del.body.invoice).toMatchObject({ status: 'delivered', paid_total: 0 });
    const row = await invoiceRow(invoice.id);
    expect([row.status, row.paid_total]).toEqual(['delivered', '0.00']);
    expect(await history(invoice.id)).toEqual([
      '->delivered',
      'delivered>partially_paid',
      'partially_paid>paid',
      'paid>partially_paid',
      'partially_paid>paid',
      'paid>partially_paid',
      'partially_paid>delivered',
    ]);

    const activity = await t.owner.api.get('/user/user-activity/grid', {
      filterModel: { module: { filterType: 'set', values: ['PAYMENT'] } },
      endRow: 100,
    });
    const types = activity.body.rows
      .filter((r: any) => r.info.invoiceNumber === invoice.number)
      .map((r: any) => r.type);
    expect(types.sort()).toEqual(['CREATE', 'CREATE', 'DELETE', 'DELETE', 'UPDATE', 'UPDATE']);
  });

  it('reverts to invoiced when nothing tells the earlier status', async () => {
    const { invoice } = await makeInvoice(t.ctx, t.owner.companyId, { status: 'paid' });
    await t.ctx.database.db.delete(invoiceStatusHistory).where(eq(invoiceStatusHistory.invoice_id, invoice.id));
    const p = await t.owner.api.post(`/invoice/${invoice.id}/payment`, { received_at: today, amount: 1 });
    expect(p.body.invoice.status).toBe('partially_paid');
    const d = await t.owner.api.del(`/invoice/${invoice.id}/payment/${p.body.id}`);
    expect(d.body.invoice.status).toBe('invoiced');
  });

  it('keeps the money exact under concurrent payments', async () => {
    const { invoice } = await makeInvoice(t.ctx, t.owner.companyId, {
      items: [{ name: 'LONE STAR BEER 30PK', type: 'BEER', size: '12OZ', qty: 10, price: '10.00', taxable: false }],
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.owner.api.post(`/invoice/${invoice.id}/payment`, { received_at: today, amount: '10.00' }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const row = await invoiceRow(invoice.id);
    expect([row.paid_total, row.status]).toEqual(['100.00', 'paid']);
  });
});

describe('owner-only delete', () => {
  it('lets staff add and edit but refuses their delete with 403', async () => {
    const staff = await makeStaff(t.ctx, t.owner.companyId);
    const { invoice } = await makeInvoice(t.ctx, t.owner.companyId);
    const p = await staff.post(`/invoice/${invoice.id}/payment`, { received_at: today, amount: 5 });
    expect(p.status).toBe(200);
    expect(
      (await staff.put(`/invoice/${invoice.id}/payment/${p.body.id}`, { received_at: today, amount: 6 })).status,
    ).toBe(200);
    const denied = await staff.del(`/invoice/${invoice.id}/payment/${p.body.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(PAYMENT_MSG.ownerOnly);
    expect(await t.ctx.database.db.select().from(payments).where(eq(payments.id, p.body.id))).toHaveLength(1);
    expect((await t.owner.api.del(`/invoice/${invoice.id}/payment/${p.body.id}`)).status).toBe(200);
  });
});

describe('payments grid', () => {
  it('lists received_at desc with invoice and customer, filters, and stays in the company', async () => {
    const a = await makeInvoice(t.ctx, t.other.companyId, { number: 501 });
    const b = await makeInvoice(t.ctx, t.other.companyId, { number: 502, beer: true });
    await t.other.api.post(`/invoice/${a.invoice.id}/payment`, {
      received_at: addDays(today, -5),
      amount: 12.5,
      note: 'cash',
    });
    await t.other.api.post(`/invoice/${b.invoice.id}/payment`, { received_at: addDays(today, -1), amount: 20 });
    await t.other.api.post(`/invoice/${a.invoice.id}/payment`, { received_at: addDays(today, -3), amount: 7 });

    const grid = await t.other.api.get('/invoice/payment/grid', { startRow: 0, endRow: 25 });
    expect(grid.status).toBe(200);
    expect(grid.body.count).toBe(3);
    expect(grid.body.rows.map((r: any) => [r.number, r.beer, r.amount, r.received_at])).toEqual([
      [502, true, 20, addDays(today, -1)],
      [501, false, 7, addDays(today, -3)],
      [501, false, 12.5, addDays(today, -5)],
    ]);
    expect(grid.body.rows[2]).toMatchObject({ customer: a.customer.name, note: 'cash', invoice_id: a.invoice.id });

    const byCustomer = await t.other.api.get('/invoice/payment/grid', {
      filterModel: { customer: { filterType: 'text', type: 'contains', filter: b.customer.name } },
    });
    expect(byCustomer.body.rows.map((r: any) => r.number)).toEqual([502]);
    const byAmount = await t.other.api.get('/invoice/payment/grid', {
      filterModel: { amount: { filterType: 'number', type: 'greaterThan', filter: 10 } },
    });
    expect(byAmount.body.count).toBe(2);
    const byInvoice = await t.other.api.get('/invoice/payment/grid', {
      filterModel: { number: { filterType: 'number', type: 'equals', filter: 501 } },
    });
    expect(byInvoice.body.count).toBe(2);
    const byDate = await t.other.api.get('/invoice/payment/grid', {
      filterModel: { received_at: { filterType: 'date', type: 'equals', dateFrom: `${addDays(today, -3)} 00:00:00` } },
    });
    expect(byDate.body.rows.map((r: any) => r.amount)).toEqual([7]);
    const bad = await t.other.api.get('/invoice/payment/grid', { filterModel: { secret: { filter: 1 } } });
    expect(bad.status).toBe(400);

    const mine = await t.owner.api.get('/invoice/payment/grid', { endRow: 400 });
    expect(mine.body.rows.some((r: any) => [501, 502].includes(r.number))).toBe(false);
  });

  it('answers 404 for another company’s invoice and payment', async () => {
    const { invoice } = await makeInvoice(t.ctx, t.other.companyId);
    const p = await t.other.api.post(`/invoice/${invoice.id}/payment`, { received_at: today, amount: 1 });
    const url = `/invoice/${invoice.id}/payment`;
    expect((await t.owner.api.post(url, { received_at: today, amount: 5 })).status).toBe(404);
    expect((await t.owner.api.put(`${url}/${p.body.id}`, { received_at: today, amount: 5 })).status).toBe(404);
    expect((await t.owner.api.del(`${url}/${p.body.id}`)).status).toBe(404);
    expect((await t.owner.api.get(url)).status).toBe(404);
    expect((await t.other.api.get(url)).body.map((x: any) => x.amount)).toEqual([1]);
    // a payment id of another invoice is not found either
    const mine = await makeInvoice(t.ctx, t.owner.companyId);
    expect((await t.owner.api.del(`/invoice/${mine.invoice.id}/payment/${p.body.id}`)).status).toBe(404);
    const row = await invoiceRow(invoice.id);
    expect(row.paid_total).toBe('1.00');
  });
});
