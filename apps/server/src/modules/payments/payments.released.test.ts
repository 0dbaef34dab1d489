/**
 * Issue 30: a draft or a cancelled invoice is owed nothing, so what was paid on it (payments and
 * credit memos) goes back to the customer's on-account credit when it is cancelled or moved back to
 * draft; the receivable, the statement and the aging then agree, and no money vanishes.
 */
import { todayInTexas } from '@dbo/domain/dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { invoiceFixture, type InvoiceFixture, item } from '../../../test/invoice-fixtures.js';
import { makeCustomer } from '../../../test/factories.js';

const t = useTestApp();
const today = todayInTexas();

let f: InvoiceFixture;
beforeAll(async () => {
  f = await invoiceFixture(t.ctx);
});

/** A delivered wine invoice (2 x 22.00 + 8.25% tax = 47.63) of a fresh customer, 30.00 paid on it. */
async function paidInvoice() {
  const c = await makeCustomer(t.ctx, f.owner.companyId);
  const inv = await f.owner.api.post('/invoice', {
    customer: { id: c.id },
    items: [item(f.wine, 2, '22.00')],
    status: 'delivered',
    force: true,
  });
  expect(inv.status, JSON.stringify(inv.body)).toBe(200);
  const pay = await f.owner.api.post(`/invoice/${inv.body.id}/payment`, { amount: 30, received_at: today });
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  return { customerId: c.id, invoiceId: inv.body.id as number, paymentId: pay.body.id as number };
}
const receivable = async (id: number) => (await f.owner.api.get(`/customer/${id}/receivable`)).body;
const statement = async (id: number) =>
  (await f.owner.api.get(`/customer/${id}/statement`, { from: today, to: today })).body;

describe('an invoice with money on it leaves for cancelled or draft', () => {
  for (const status of ['cancelled', 'draft'] as const) {
    it(`${status}: what was paid on it becomes on-account credit, and the statement agrees`, async () => {
      const { customerId, invoiceId, paymentId } = await paidInvoice();
      expect(await receivable(customerId)).toMatchObject({ open_total: 17.63, on_account: 0, balance: 17.63 });

      const res = await f.owner.api.put(`/invoice/${invoiceId}`, { status });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ status, paid_total: 0 });
      // the payment is still listed on the invoice, paying nothing there now
      expect(res.body.payments).toEqual([expect.objectContaining({ id: paymentId, amount: 0 })]);

      expect(await receivable(customerId)).toMatchObject({ open_total: 0, on_account: 30, balance: -30 });
      const st = await statement(customerId);
      expect(st).toMatchObject({ closing_balance: -30, on_account_credit: 30 });
      const aging = (await f.owner.api.get('/report/aging')).body;
      expect(aging.rows.find((r: { customer_id: number }) => r.customer_id === customerId)).toBeUndefined();
    });
  }

  it('a full save as cancelled gives the money back too; the credit then pays another invoice', async () => {
    const { customerId, invoiceId } = await paidInvoice();
    const res = await f.owner.api.put(`/invoice/${invoiceId}`, {
      customer: { id: customerId },
      items: [item(f.wine, 2, '22.00')],
      status: 'cancelled',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', paid_total: 0 });
    expect(await receivable(customerId)).toMatchObject({ on_account: 30, balance: -30 });

    const other = await f.owner.api.post('/invoice', {
      customer: { id: customerId },
      items: [item(f.wine, 1, '22.00')],
      status: 'delivered',
      force: true,
    });
    expect(other.status).toBe(200);
    const applied = await f.owner.api.post(`/customer/${customerId}/credit/apply`, {});
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(await receivable(customerId)).toMatchObject({ open_total: 0, on_account: 6.18, balance: -6.18 });
  });

  it('a credit memo on a cancelled invoice stays on account', async () => {
    const { customerId, invoiceId } = await paidInvoice();
    const memo = await f.owner.api.post(`/invoice/${invoiceId}/credit-memo`, {
      items: [{ product_id: f.wine, qty: 1 }],
      reason: 'Broken bottle',
    });
    expect(memo.status, JSON.stringify(memo.body)).toBe(200);
    expect(await receivable(customerId)).toMatchObject({ open_total: 0, on_account: 6.19 });
    const res = await f.owner.api.put(`/invoice/${invoiceId}`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    // 30.00 paid + 23.82 credited, all of it the customer's again
    expect(await receivable(customerId)).toMatchObject({ open_total: 0, on_account: 53.82, balance: -53.82 });
    expect(await statement(customerId)).toMatchObject({ closing_balance: -53.82 });
  });
});
