import { todayInTexas } from '@dbo/domain/dates';
import { PAYMENT_MSG } from '@dbo/domain/payment';
import { RECEIVABLES_MSG } from '@dbo/domain/receivables';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAppWithTwoCompanies } from '../../../test/helpers.js';
import { makeCustomer, makeStaff } from '../../../test/factories.js';
import { invoiceMoney, makeCustomerInvoice } from '../../../test/receivables-fixtures.js';
import { paymentAllocations, payments } from './payments.tables.js';

const t = useAppWithTwoCompanies();

const today = todayInTexas();

/** Three open invoices of one customer: due 40 days ago, 10 days ago, in 20 days. */
async function threeInvoices(companyId = t.owner.companyId) {
  const c = await makeCustomer(t.ctx, companyId);
  const newest = await makeCustomerInvoice(t.ctx, companyId, c.id, { total: '100.00', daysAgo: 10, dueIn: 30 });
  const oldest = await makeCustomerInvoice(t.ctx, companyId, c.id, { total: '50.00', daysAgo: 70, dueIn: 30 });
  const middle = await makeCustomerInvoice(t.ctx, companyId, c.id, { total: '80.00', daysAgo: 40, dueIn: 30 });
  return { c, oldest, middle, newest };
}

describe('a payment from a customer', () => {
  it('allocates oldest due first by default and keeps the rest on account', async () => {
    const { c, oldest, middle, newest } = await threeInvoices();
    const before = await t.owner.api.get(`/customer/${c.id}/receivable`);
    expect(before.body.open_invoices.map((i: any) => i.id)).toEqual([oldest.id, middle.id, newest.id]);
    expect(before.body.balance).toBe(230);

    const res = await t.owner.api.post(`/customer/${c.id}/payment`, {
      amount: '100.00',
      method: 'check',
      reference: 'CHK 1042',
      paid_at: today,
    });
    expect(res.status).toBe(200);
    expect(res.body.allocations.map((a: any) => [a.invoice_id, a.amount])).toEqual([
      [oldest.id, 50],
      [middle.id, 50],
    ]);
    expect(res.body.on_account).toBe(0);
    expect(await invoiceMoney(t.ctx, oldest.id)).toEqual({ paid_total: '50.00', status: 'paid' });
    expect(await invoiceMoney(t.ctx, middle.id)).toEqual({ paid_total: '50.00', status: 'partially_paid' });
    expect(await invoiceMoney(t.ctx, newest.id)).toEqual({ paid_total: '0.00', status: 'invoiced' });

    // more than is owed: the rest is on-account credit, which a later allocation uses
    const big = await t.owner.api.post(`/customer/${c.id}/payment`, { amount: 200, method: 'cash', paid_at: today });
    expect(big.body.allocated).toBe(130);
    expect(big.body.on_account).toBe(70);
    const after = await t.owner.api.get(`/customer/${c.id}/receivable`);
    expect([after.body.open_total, after.body.on_account, after.body.balance]).toEqual([0, 70, -70]);

    const next = await makeCustomerInvoice(t.ctx, t.owner.companyId, c.id, { total: '30.00' });
    const applied = await t.owner.api.post(`/customer/${c.id}/credit/apply`, {});
    expect(applied.status).toBe(200);
    expect(applied.body.allocations.map((a: any) => [a.invoice_id, a.amount])).toEqual([[next.id, 30]]);
    expect(applied.body.on_account).toBe(40);
    expect(await invoiceMoney(t.ctx, next.id)).toEqual({ paid_total: '30.00', status: 'paid' });
    const tooMuch = await t.owner.api.post(`/customer/${c.id}/credit/apply`, {
      allocations: [{ invoice_id: next.id, amount: 41 }],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(RECEIVABLES_MSG.allocationsOverCredit(40));
  });

  it('takes manual allocations and refuses over-allocation with a 400 that changes nothing', async () => {
    const { c, oldest, middle, newest } = await threeInvoices();
    const count = async () =>
      (await t.ctx.database.db.select().from(payments).where(eq(payments.customer_id, c.id))).length;

    const overOpen = await t.owner.api.post(`/customer/${c.id}/payment`, {
      amount: 100,
      paid_at: today,
      allocations: [
        { invoice_id: newest.id, amount: 40 },
        { invoice_id: oldest.id, amount: 60 },
      ],
    });
    expect(overOpen.status).toBe(400);
    expect(overOpen.body.message).toBe(RECEIVABLES_MSG.overOpen(String(oldest.number), 50));
    const overPayment = await t.owner.api.post(`/customer/${c.id}/payment`, {
      amount: 10,
      paid_at: today,
      allocations: [{ invoice_id: newest.id, amount: 10.01 }],
    });
    expect(overPayment.status).toBe(400);
    expect(overPayment.body.message).toBe(RECEIVABLES_MSG.allocationsOverPayment);
    const notHers = await threeInvoices();
    const foreign = await t.owner.api.post(`/customer/${c.id}/payment`, {
      amount: 10,
      paid_at: today,
      allocations: [{ invoice_id: notHers.oldest.id, amount: 10 }],
    });
    expect(foreign.status).toBe(400);
    const otherCompany = await threeInvoices(t.other.companyId);
    const cross = await t.owner.api.post(`/customer/${c.id}/payment`, {
      amount: 10,
      paid_at: today,
      allocations: [{ invoice_id: otherCompany.oldest.id, amount: 10 }],
    });
    expect(cross.status).toBe(404);
    expect(await count()).toBe(0);
    expect(await invoiceMoney(t.ctx, oldest.id)).toEqual({ paid_total: '0.00', status: 'invoiced' });

    const ok = await t.owner.api.post(`/customer/${c.id}/payment`, {
      amount: 120,
      method: 'ach',
      paid_at: today,
      allocations: [
        { invoice_id: newest.id, amount: 100 },
        { invoice_id: middle.id, amount: 15 },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.on_account).toBe(5);
    expect(await invoiceMoney(t.ctx, newest.id)).toEqual({ paid_total: '100.00', status: 'paid' });
    expect(await invoiceMoney(t.ctx, middle.id)).toEqual({ paid_total: '15.00', status: 'partially_paid' });
    // the invoice's own payment list shows what this payment paid on it
    const listed = await t.owner.api.get(`/invoice/${middle.id}/payment`);
    expect(listed.body.map((p: any) => [p.id, p.amount])).toEqual([[ok.body.id, 15]]);
  });

  it('deletes a payment with all its allocations (t.owner only) and the statuses go back', async () => {
    const { c, oldest, middle } = await threeInvoices();
    const p = await t.owner.api.post(`/customer/${c.id}/payment`, { amount: 60, paid_at: today });
    const staff = await makeStaff(t.ctx, t.owner.companyId);
    const denied = await staff.del(`/customer/${c.id}/payment/${p.body.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(PAYMENT_MSG.ownerOnly);
    expect((await t.other.api.del(`/customer/${c.id}/payment/${p.body.id}`)).status).toBe(404);

    // deleting through one of its invoices removes the whole payment too
    const del = await t.owner.api.del(`/invoice/${middle.id}/payment/${p.body.id}`);
    expect(del.status).toBe(200);
    expect(
      await t.ctx.database.db.select().from(paymentAllocations).where(eq(paymentAllocations.payment_id, p.body.id)),
    ).toHaveLength(0);
    expect(await invoiceMoney(t.ctx, oldest.id)).toEqual({ paid_total: '0.00', status: 'invoiced' });
    expect(await invoiceMoney(t.ctx, middle.id)).toEqual({ paid_total: '0.00', status: 'invoiced' });

    const q = await t.owner.api.post(`/customer/${c.id}/payment`, { amount: 60, paid_at: today });
    expect((await t.owner.api.get(`/customer/${c.id}/payment`)).body.map((x: any) => x.id)).toEqual([q.body.id]);
    expect((await t.owner.api.del(`/customer/${c.id}/payment/${q.body.id}`)).status).toBe(200);
    expect(await invoiceMoney(t.ctx, oldest.id)).toEqual({ paid_total: '0.00', status: 'invoiced' });
  });

  it('keeps every endpoint inside the company', async () => {
    const { c } = await threeInvoices(t.other.companyId);
    expect((await t.owner.api.get(`/customer/${c.id}/receivable`)).status).toBe(404);
    expect((await t.owner.api.get(`/customer/${c.id}/payment`)).status).toBe(404);
    expect((await t.owner.api.post(`/customer/${c.id}/payment`, { amount: 5, paid_at: today })).status).toBe(404);
    expect((await t.owner.api.post(`/customer/${c.id}/credit/apply`, {})).status).toBe(404);
    const huge = await t.owner.api.post('/customer/99999999999/payment', { amount: 5, paid_at: today });
    expect(huge.status).toBe(400);
  });

  it('never over-pays an invoice under concurrent payments', async () => {
    const { c, oldest, middle } = await threeInvoices();
    const body = {
      amount: 60,
      paid_at: today,
      allocations: [
        { invoice_id: middle.id, amount: 40 },
        { invoice_id: oldest.id, amount: 20 },
      ],
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.owner.api.post(`/customer/${c.id}/payment`, body)),
    );
    // 50 and 80 open: two payments fit, the next ones find too little open and change nothing
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 400, 400]);
    expect(await invoiceMoney(t.ctx, oldest.id)).toEqual({ paid_total: '40.00', status: 'partially_paid' });
    expect(await invoiceMoney(t.ctx, middle.id)).toEqual({ paid_total: '80.00', status: 'paid' });
  });
});
