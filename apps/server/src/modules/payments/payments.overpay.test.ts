/**
 * Issue 30: money is conserved. A payment above what an invoice still owes is applied up to that
 * amount and the rest becomes the customer's on-account credit; the invoice's remaining amount is
 * never negative; editing or deleting such a payment reverses both parts exactly (refused once its
 * credit paid another invoice); balances come from money, never from a status label.
 */
import { todayInTexas } from '@dbo/domain/dates';
import { PAYMENT_MSG } from '@dbo/domain/payment';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { invoiceFixture, type InvoiceFixture, item } from '../../../test/invoice-fixtures.js';
import { makeCustomer } from '../../../test/factories.js';
import { invoices } from '../invoices/invoices.tables.js';
import { payments } from './payments.tables.js';

const t = useTestApp();
const today = todayInTexas();

let f: InvoiceFixture;
beforeAll(async () => {
  f = await invoiceFixture(t.ctx);
});

/** A delivered wine invoice of a fresh customer: qty x 22.00 + 8.25% tax (1 bottle: 23.82). */
async function wineInvoice(qty = 1) {
  const c = await makeCustomer(t.ctx, f.owner.companyId);
  const res = await f.owner.api.post('/invoice', {
    customer: { id: c.id },
    items: [item(f.wine, qty, '22.00')],
    status: 'delivered',
    force: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { customerId: c.id, invoice: res.body as { id: number; total: number } };
}
const receivable = async (customerId: number) => (await f.owner.api.get(`/customer/${customerId}/receivable`)).body;
const pay = (invoiceId: number, amount: number | string) =>
  f.owner.api.post(`/invoice/${invoiceId}/payment`, { amount, received_at: today, note: 'check' });
const row = async (id: number) => (await t.ctx.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];

describe('POST /invoice/{id}/payment above what the invoice owes', () => {
  it('applies up to the remaining amount and keeps the rest as on-account credit', async () => {
    const { customerId, invoice } = await wineInvoice();
    expect(invoice.total).toBe(23.82);
    const before = await receivable(customerId);
    expect(before).toMatchObject({ on_account: 0, balance: 23.82 });

    const res = await pay(invoice.id, 99999);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ amount: 99999, applied: 23.82, on_account: 99975.18 });
    expect(res.body.invoice).toMatchObject({ status: 'paid', paid_total: 23.82, remaining: 0 });
    expect((await row(invoice.id)).paid_total).toBe('23.82');

    const after = await receivable(customerId);
    expect(after.on_account).toBe(99975.18);
    expect(after.balance).toBe(-99975.18);
    expect(after.open_invoices).toEqual([]);

    // the invoice's payment list and detail show both parts
    const list = await f.owner.api.get(`/invoice/${invoice.id}/payment`);
    expect(list.body).toEqual([expect.objectContaining({ amount: 23.82, applied: 23.82, on_account: 99975.18 })]);
    const detail = await f.owner.api.get(`/invoice/${invoice.id}?by=id`);
    expect(detail.body.payments).toEqual([expect.objectContaining({ amount: 23.82, on_account: 99975.18 })]);
    // the payment row keeps the whole amount received
    expect((await t.ctx.database.db.select().from(payments).where(eq(payments.id, res.body.id)))[0].amount).toBe(
      '99999.00',
    );
  });

  it('puts all of a payment on a fully paid invoice on account', async () => {
    const { customerId, invoice } = await wineInvoice();
    expect((await pay(invoice.id, '23.82')).body.invoice.remaining).toBe(0);
    const again = await pay(invoice.id, 50);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ amount: 50, applied: 0, on_account: 50 });
    expect(again.body.invoice).toMatchObject({ status: 'paid', paid_total: 23.82, remaining: 0 });
    expect((await receivable(customerId)).on_account).toBe(50);
    // it stays on the invoice, where it can be edited and deleted
    const list = await f.owner.api.get(`/invoice/${invoice.id}/payment`);
    expect(list.body.map((p: { id: number }) => p.id)).toContain(again.body.id);
  });

  it('never lets concurrent payments take the remaining amount below 0', async () => {
    const { customerId, invoice } = await wineInvoice(2); // 47.63
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(invoice.id, 20)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const r = await row(invoice.id);
    expect([r.paid_total, r.status]).toEqual(['47.63', 'paid']);
    const applied = results.reduce((s, x) => s + Math.round(x.body.applied * 100), 0);
    expect(applied).toBe(4763);
    expect((await receivable(customerId)).on_account).toBe(52.37);
  });
});

describe('editing and deleting an overpayment reverses both parts', () => {
  it('splits an edited amount again, and a delete takes back the invoice part and the credit', async () => {
    const { customerId, invoice } = await wineInvoice();
    const p = await pay(invoice.id, 100);
    expect(p.body).toMatchObject({ applied: 23.82, on_account: 76.18 });
    const url = `/invoice/${invoice.id}/payment/${p.body.id}`;

    const down = await f.owner.api.put(url, { amount: 10, received_at: today });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ amount: 10, applied: 10, on_account: 0 });
    expect(down.body.invoice).toMatchObject({ status: 'partially_paid', paid_total: 10, remaining: 13.82 });
    expect(await receivable(customerId)).toMatchObject({ on_account: 0, balance: 13.82 });

    const up = await f.owner.api.put(url, { amount: 30, received_at: today });
    expect(up.body).toMatchObject({ amount: 30, applied: 23.82, on_account: 6.18 });
    expect(up.body.invoice).toMatchObject({ status: 'paid', remaining: 0 });
    expect(await receivable(customerId)).toMatchObject({ on_account: 6.18, balance: -6.18 });

    const del = await f.owner.api.del(url);
    expect(del.status).toBe(200);
    expect(del.body.invoice).toMatchObject({ status: 'delivered', paid_total: 0, remaining: 23.82 });
    expect(await receivable(customerId)).toMatchObject({ on_account: 0, balance: 23.82 });
  });

  it('refuses to edit or delete a payment whose credit paid another invoice, and changes nothing', async () => {
    const { customerId, invoice } = await wineInvoice();
    const second = await f.owner.api.post('/invoice', {
      customer: { id: customerId },
      items: [item(f.wine, 2, '22.00')],
      status: 'delivered',
      force: true,
    });
    const p = await pay(invoice.id, 50); // 23.82 applied, 26.18 credit
    const applied = await f.owner.api.post(`/customer/${customerId}/credit/apply`, {});
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.allocations).toEqual([expect.objectContaining({ invoice_id: second.body.id, amount: 26.18 })]);

    const url = `/invoice/${invoice.id}/payment/${p.body.id}`;
    const edit = await f.owner.api.put(url, { amount: 10, received_at: today });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(PAYMENT_MSG.creditApplied(26.18, `${second.body.number}`, 'changed'));
    expect(edit.body.message).toBe(
      `$26.18 of this payment's on-account credit was already applied to invoice ${second.body.number}, so it can't be changed`,
    );
    const del = await f.owner.api.del(url);
    expect(del.status).toBe(400);
    expect(del.body.message).toContain("so it can't be deleted");
    const viaCustomer = await f.owner.api.del(`/customer/${customerId}/payment/${p.body.id}`);
    expect(viaCustomer.status).toBe(400);
    expect((await row(invoice.id)).paid_total).toBe('23.82');
    expect((await row(second.body.id)).paid_total).toBe('26.18');
  });
});

describe('an invoice edited below what was paid', () => {
  it('gives the excess back to on-account credit: the remaining amount stays 0', async () => {
    const { customerId, invoice } = await wineInvoice(2); // 47.63
    await pay(invoice.id, '47.63');
    const res = await f.owner.api.put(`/invoice/${invoice.id}`, {
      customer: { id: customerId },
      items: [item(f.wine, 1, '22.00')],
      status: 'paid',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = await row(invoice.id);
    expect([r.total, r.paid_total, r.status]).toEqual(['23.82', '23.82', 'paid']);
    expect(await receivable(customerId)).toMatchObject({ on_account: 23.81, balance: -23.81 });
  });
});

describe('balances come from money, never from a status label', () => {
  it('keeps an invoice marked paid by hand, with nothing paid, in the balance, aging and delinquency', async () => {
    const { customerId, invoice } = await wineInvoice();
    const marked = await f.owner.api.put(`/invoice/${invoice.id}`, { status: 'paid' });
    expect(marked.status).toBe(200);
    expect(marked.body.status).toBe('paid');

    const balance = await f.owner.api.get(`/customer/${customerId}/balance`);
    expect(balance.body.summary.owing).toBe(23.82);
    expect(balance.body.invoices.map((i: { id: number }) => i.id)).toEqual([invoice.id]);
    const check = await f.owner.api.get(`/customer/${customerId}/check-balance`);
    expect(check.body.owing).toBe(23.82);
    const rec = await receivable(customerId);
    expect(rec).toMatchObject({ open_total: 23.82, balance: 23.82 });
    const aging = await f.owner.api.get('/report/aging', { asOf: today });
    expect(aging.body.rows.find((r: { customer_id: number }) => r.customer_id === customerId)?.total).toBe(23.82);
    // and a customer payment is allowed onto it
    const payment = await f.owner.api.post(`/customer/${customerId}/payment`, {
      amount: 30,
      method: 'check',
      paid_at: today,
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    expect(await receivable(customerId)).toMatchObject({ open_total: 0, on_account: 6.18, balance: -6.18 });
  });
});
