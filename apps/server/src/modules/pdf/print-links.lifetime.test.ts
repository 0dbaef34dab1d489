/**
 * Issue 35 case 7: balance and statement links answered the customer's name and address for up to
 * 7 days after DELETE /customer/{id}. A public print link now dies with its subject: the customer
 * (balance, statement, and its invoices' and orders' links) and the invoice itself.
 */
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { describe, expect, it } from 'vitest';
import { lineOf, placedOrder } from '../../../test/order-factories.js';
import { makeInvoice } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';

const t = useTestApp();
const today = todayInTexas();

const open = async (path: string) => {
  const res = await t.ctx.app.inject({ method: 'GET', url: `/api/v1${path}` });
  return { status: res.statusCode, body: res.body };
};

async function linksOfOneCustomer() {
  const { company, shopper, a, order } = await placedOrder(t.ctx);
  const customerId = shopper.customerId;
  const inv = await makeInvoice(company, { customerId, items: [lineOf(a.id, 1, 10)] });
  const balance = await company.api.post(`/customer/${customerId}/balance/pdf`, { format: 'url' });
  const statement = await company.api.post(`/customer/${customerId}/statement/pdf`, {
    from: addDays(today, -30),
    to: today,
    format: 'url',
  });
  const invoice = await company.api.get(`/invoice/${inv.id}/print-link`);
  const staffOrder = await company.api.get(`/order/${order.order_number}`);
  const orderToken = String(staffOrder.body.order.print_url).split('/').pop();
  const pages = {
    balance: `/pdf/customer/balance/${balance.body.token}`,
    balancePdf: `/pdf/customer/balance/${balance.body.token}?format=pdf`,
    statement: `/pdf/customer/statement/${statement.body.token}`,
    statementPdf: `/pdf/customer/statement/${statement.body.token}?format=pdf`,
    invoice: `/pdf/invoice/${invoice.body.token}`,
    order: `/pdf/order/${orderToken}`,
    orderPdf: `/pdf/order/${orderToken}?format=pdf`,
  };
  return { company, customerId, inv, pages };
}

describe('public print links die with their subject', () => {
  it("a deleted customer's balance, statement, invoice and order links answer 404 without its name", async () => {
    const { company, customerId, pages } = await linksOfOneCustomer();
    const balance = await open(pages.balance);
    const name = JSON.parse(balance.body).customer.name as string;
    expect(name).toBeTruthy();
    for (const [page, path] of Object.entries(pages))
      expect({ page, status: (await open(path)).status }).toEqual({ page, status: 200 });

    expect((await company.api.del(`/customer/${customerId}`)).status).toBe(200);

    for (const [page, path] of Object.entries(pages)) {
      const res = await open(path);
      expect({ page, status: res.status }).toEqual({ page, status: 404 });
      expect(res.body).not.toContain(name);
    }
  });

  it("a deleted invoice's link answers 404, the customer's other links live on", async () => {
    const { company, inv, pages } = await linksOfOneCustomer();
    expect((await open(pages.invoice)).status).toBe(200);
    expect((await company.api.put(`/invoice/${inv.id}`, { status: 'cancelled' })).status).toBe(200);
    expect((await company.api.del(`/invoice/${inv.number}`)).status).toBe(200);
    expect((await open(pages.invoice)).status).toBe(404);
    expect((await open(pages.balance)).status).toBe(200);
    expect((await open(pages.order)).status).toBe(200);
  });
});
