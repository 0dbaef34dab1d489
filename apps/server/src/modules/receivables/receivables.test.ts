import { extractText } from 'unpdf';
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { RECEIVABLES_MSG } from '@dbo/domain/receivables';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { line, makeCustomer, makeInvoice, makeProduct, makeRoll } from '../../../test/factories.js';
import { activateFeature, useAppWithTwoCompanies } from '../../../test/helpers.js';
import { invoiceMoney, makeCustomerInvoice } from '../../../test/receivables-fixtures.js';
import { inventory, inventoryHistory } from '../inventory/inventory.tables.js';
import { stamps } from '../stamps/stamps.tables.js';

const t = useAppWithTwoCompanies();

const today = todayInTexas();

describe('aging', () => {
  it('buckets each customer’s open amounts by days past due as of a day, with totals', async () => {
    const c = await makeCustomer(t.ctx, t.other.companyId);
    const d = await makeCustomer(t.ctx, t.other.companyId);
    // due in 10 days (current), 5 days ago, 45 days ago, 75 days ago, 120 days ago
    await makeCustomerInvoice(t.ctx, t.other.companyId, c.id, { total: '10.00', daysAgo: 20, dueIn: 30 });
    const late5 = await makeCustomerInvoice(t.ctx, t.other.companyId, c.id, { total: '20.00', daysAgo: 35, dueIn: 30 });
    await makeCustomerInvoice(t.ctx, t.other.companyId, c.id, { total: '30.00', daysAgo: 75, dueIn: 30 });
    await makeCustomerInvoice(t.ctx, t.other.companyId, d.id, { total: '40.00', daysAgo: 105, dueIn: 30 });
    await makeCustomerInvoice(t.ctx, t.other.companyId, d.id, { total: '50.00', daysAgo: 150, dueIn: 30 });
    // drafts and cancelled invoices are not owed
    await makeCustomerInvoice(t.ctx, t.other.companyId, d.id, { total: '999.00', daysAgo: 150, status: 'draft' });
    await makeCustomerInvoice(t.ctx, t.other.companyId, d.id, { total: '999.00', daysAgo: 150, status: 'cancelled' });
    // a partial payment received today lowers today's aging, not yesterday's
    await t.other.api.post(`/customer/${c.id}/payment`, {
      amount: 5,
      paid_at: today,
      allocations: [{ invoice_id: late5.id, amount: 5 }],
    });

    const res = await t.other.api.get('/report/aging');
    expect(res.status).toBe(200);
    const byId = (id: number) => res.body.rows.find((r: any) => r.customer_id === id);
    expect(byId(c.id)).toMatchObject({
      current: 10,
      d1_30: 15,
      d31_60: 30,
      d61_90: 0,
      over_90: 0,
      total: 55,
      invoices: 3,
    });
    expect(byId(d.id)).toMatchObject({ current: 0, d1_30: 0, d31_60: 0, d61_90: 40, over_90: 50, total: 90 });
    expect(res.body.totals).toMatchObject({ current: 10, d1_30: 15, d31_60: 30, d61_90: 40, over_90: 50, total: 145 });
    expect(res.body.rows.map((r: any) => r.customer_id)).toEqual([d.id, c.id]);

    const yesterday = await t.other.api.get('/report/aging', { asOf: addDays(today, -1) });
    expect(yesterday.body.totals.d1_30).toBe(20);
    // 150 days ago: only the oldest invoice existed, and it was not due yet
    const back = await t.other.api.get('/report/aging', { asOf: addDays(today, -150) });
    expect(back.body.totals).toMatchObject({ current: 50, total: 50 });

    const mine = await t.owner.api.get('/report/aging');
    expect(mine.body.rows.some((r: any) => [c.id, d.id].includes(r.customer_id))).toBe(false);
    expect((await t.owner.api.get('/report/aging', { asOf: '2026-02-30' })).status).toBe(400);
  });
});

describe('statement', () => {
  it('runs the balance from the opening to the closing balance, equal to the ledger', async () => {
    const c = await makeCustomer(t.ctx, t.owner.companyId);
    const a = await makeCustomerInvoice(t.ctx, t.owner.companyId, c.id, { total: '100.00', daysAgo: 40 });
    const b = await makeCustomerInvoice(t.ctx, t.owner.companyId, c.id, { total: '60.00', daysAgo: 5 });
    await t.owner.api.post(`/customer/${c.id}/payment`, {
      amount: 30,
      paid_at: addDays(today, -50),
      reference: 'OLD',
    });
    await t.owner.api.post(`/customer/${c.id}/payment`, {
      amount: 80,
      method: 'check',
      reference: 'CHK 77',
      paid_at: addDays(today, -2),
      allocations: [{ invoice_id: a.id, amount: 70 }],
    });
    const res = await t.owner.api.get(`/customer/${c.id}/statement`, { from: addDays(today, -45), to: today });
    expect(res.status).toBe(200);
    expect(res.body.opening_balance).toBe(-30);
    expect(res.body.lines.map((l: any) => [l.ref, l.charge, l.credit, l.balance])).toEqual([
      [`#${a.number}`, 100, 0, 70],
      [`#${b.number}`, 60, 0, 130],
      ['CHK 77', 0, 80, 50],
    ]);
    // ledger: invoices 160 - payments 110
    expect(res.body.closing_balance).toBe(50);
    // the aging shows what is open (#b); the check's 10 left over is on account: 60 - 10 = 50
    expect(res.body.aging.total).toBe(60);
    expect(res.body.on_account_credit).toBe(10);
    expect(res.body.lines[0].description).toMatch(/^Invoice, due \d{2} [A-Z][a-z]{2}, \d{4}$/);
    const rec = await t.owner.api.get(`/customer/${c.id}/receivable`);
    expect(rec.body.balance).toBe(50);

    const pdf = await t.owner.api.post(`/customer/${c.id}/statement/pdf`, { from: addDays(today, -45), to: today });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(pdf.raw), { mergePages: true });
    expect(text).toContain('Less credit on account -$10.00');
    expect(text).toContain('Balance $50.00');
    const backwards = await t.owner.api.get(`/customer/${c.id}/statement`, { from: today, to: addDays(today, -1) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe(RECEIVABLES_MSG.periodOrder);
    expect((await t.other.api.get(`/customer/${c.id}/statement`, { from: today, to: today })).status).toBe(404);
    expect((await t.other.api.post(`/customer/${c.id}/statement/pdf`, { from: today, to: today })).status).toBe(404);
  });

  it("names a payment taken on the invoice by its note ('Check #4471'), and the receivable its customer", async () => {
    const c = await makeCustomer(t.ctx, t.owner.companyId);
    const a = await makeCustomerInvoice(t.ctx, t.owner.companyId, c.id, { total: '40.00', daysAgo: 3 });
    const paid = await t.owner.api.post(`/invoice/${a.id}/payment`, {
      amount: 15,
      received_at: today,
      note: 'Check #4471',
    });
    expect(paid.status).toBe(200);
    const res = await t.owner.api.get(`/customer/${c.id}/statement`, { from: addDays(today, -10), to: today });
    expect(res.body.lines.map((l: any) => l.ref)).toEqual([`#${a.number}`, 'Check #4471']);
    const pays = await t.owner.api.get(`/customer/${c.id}/payment`);
    expect(pays.body[0] ?? pays.body.rows?.[0]).toMatchObject({ note: 'Check #4471' });
    const rec = await t.owner.api.get(`/customer/${c.id}/receivable`);
    expect(rec.body.customer_name).toBe(c.name);
  });
});

describe('credit memos', () => {
  it('credits returned bottles: balance down, stock back, stamps untouched, quantity capped', async () => {
    await activateFeature(t.ctx, t.owner.companyId, 'inventory');
    const customer = await makeCustomer(t.ctx, t.owner.companyId);
    const product = await makeProduct(t.ctx, t.owner.companyId, { product_price: '20.00' });
    const roll = await makeRoll(t.ctx, t.owner.companyId, { prefix: 'R', from: 1, to: 50 });
    const inv = await makeInvoice(t.owner, {
      customerId: customer.id,
      status: 'invoiced',
      items: [line(product.id, 3, '20.00', { taxable: false })],
      stamps: [{ roll_id: roll.id, from: 1, to: 3 }],
    });
    const stockOf = async () =>
      (await t.ctx.database.db.select().from(inventory).where(eq(inventory.product_id, product.id)))[0]?.qty;
    const stockBefore = await stockOf();

    const memo = await t.owner.api.post(`/invoice/${inv.id}/credit-memo`, {
      items: [{ product_id: product.id, qty: 2 }],
      reason: 'Two bottles broken in delivery',
    });
    expect(memo.status).toBe(200);
    expect(memo.body).toMatchObject({ total: 40, applied: 40, on_account: 0 });
    expect(memo.body.number_label).toMatch(/^CM-\d+$/);
    expect(await invoiceMoney(t.ctx, inv.id)).toEqual({ paid_total: '40.00', status: 'partially_paid' });
    expect(await stockOf()).toBe((stockBefore ?? 0) + 2);
    const hist = await t.ctx.database.db
      .select()
      .from(inventoryHistory)
      .where(and(eq(inventoryHistory.product_id, product.id), eq(inventoryHistory.source, 'credit_memo')));
    expect(hist.map((h) => [h.qty, h.ref_number])).toEqual([[2, memo.body.number_label]]);
    const stamped = await t.ctx.database.db.select().from(stamps).where(eq(stamps.invoice_id, inv.id));
    expect(stamped.map((s) => s.status)).toEqual(['INVOICED', 'INVOICED', 'INVOICED']);

    const over = await t.owner.api.post(`/invoice/${inv.id}/credit-memo`, {
      items: [{ product_id: product.id, qty: 2 }],
      reason: 'again',
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(RECEIVABLES_MSG.memoQtyOver(product.product, 1));

    // paid in full, then the last bottle is credited: it goes on account
    await t.owner.api.post(`/customer/${customer.id}/payment`, { amount: 20, paid_at: today });
    expect(await invoiceMoney(t.ctx, inv.id)).toEqual({ paid_total: '60.00', status: 'paid' });
    const last = await t.owner.api.post(`/invoice/${inv.id}/credit-memo`, {
      items: [{ product_id: product.id, qty: 1 }],
      reason: 'Returned',
    });
    expect(last.body).toMatchObject({ total: 20, applied: 0, on_account: 20 });
    expect(last.body.number).toBe(memo.body.number + 1);
    const rec = await t.owner.api.get(`/customer/${customer.id}/receivable`);
    expect([rec.body.open_total, rec.body.on_account, rec.body.balance]).toEqual([0, 20, -20]);
    const list = await t.owner.api.get(`/invoice/${inv.id}/credit-memo`);
    expect(list.body.map((m: any) => m.number)).toEqual([last.body.number, memo.body.number]);
    const pdf = await t.owner.api.get(`/credit-memo/${memo.body.id}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // another company sees none of it
    expect(
      (
        await t.other.api.post(`/invoice/${inv.id}/credit-memo`, {
          items: [{ product_id: product.id, qty: 1 }],
          reason: 'x',
        })
      ).status,
    ).toBe(404);
    expect((await t.other.api.get(`/invoice/${inv.id}/credit-memo`)).status).toBe(404);
    expect((await t.other.api.get(`/credit-memo/${memo.body.id}/pdf`)).status).toBe(404);
  });
});

describe('credit limit', () => {
  it('refuses a credit invoice that takes the balance over the limit, naming both; COD is not limited', async () => {
    const customer = await makeCustomer(t.ctx, t.other.companyId, { credit_limit: '100.00' });
    await makeCustomerInvoice(t.ctx, t.other.companyId, customer.id, { total: '70.00', daysAgo: 3 });
    const product = await makeProduct(t.ctx, t.other.companyId, { product_type: 'BEER', product_size: '12OZ' });
    const body = { customer: { id: customer.id }, status: 'invoiced', beer: true, stamps: [] };
    const over = await t.other.api.post('/invoice', {
      ...body,
      items: [line(product.id, 4, '10.00', { taxable: false })],
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(RECEIVABLES_MSG.creditLimit(100, 70, 110));
    const ok = await t.other.api.post('/invoice', {
      ...body,
      items: [line(product.id, 3, '10.00', { taxable: false })],
    });
    expect(ok.status).toBe(200);

    const cod = await makeCustomer(t.ctx, t.other.companyId, { credit_limit: '10.00', cash_on_delivery: true });
    const codInv = await t.other.api.post('/invoice', {
      ...body,
      customer: { id: cod.id },
      items: [line(product.id, 4, '10.00', { taxable: false })],
    });
    expect(codInv.status).toBe(200);
    const rec = await t.other.api.get(`/customer/${customer.id}/receivable`);
    expect([rec.body.balance, rec.body.credit_limit]).toEqual([100, 100]);
  });
});
