/**
 * Issue 11's reproducers for the invoice cluster: each odd input is a 400 from the route's schema,
 * never a 500 from the database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { line, makeCompany, makeCustomer, makeInvoice, makeProduct } from '../../../test/factories.js';
import { type SignedUp, useTestApp } from '../../../test/helpers.js';

const t = useTestApp();
let owner: SignedUp;
let customerId: number;
let productId: number;
let invoice: { id: number; number: number };

beforeAll(async () => {
  owner = await makeCompany(t.ctx);
  customerId = (await makeCustomer(t.ctx, owner.companyId)).id;
  productId = (await makeProduct(t.ctx, owner.companyId, { product_type: 'N/A' })).id;
  invoice = await makeInvoice(owner, { customerId, items: [line(productId, 1, 10)] });
});

const body = (extra: Record<string, unknown> = {}, item: Record<string, unknown> = {}) => ({
  customer: { id: customerId },
  items: [{ ...line(productId, 1, 10), ...item }],
  force: true,
  ...extra,
});

describe('invoice body bounds', () => {
  it('refuses an item price of 1e10', async () => {
    const res = await owner.api.post('/invoice', body({}, { price: 1e10 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Price must be an amount/);
  });

  it('refuses an item qty of 2147483648', async () => {
    const res = await owner.api.post('/invoice', body({}, { qty: 2147483648 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Quantity must be between -999999 and 999999');
  });

  it('still takes negative quantities (returns)', async () => {
    const res = await owner.api.post('/invoice', body({}, { qty: -2 }));
    expect(res.status).toBe(200);
    expect(res.body.items[0].qty).toBe(-2);
  });

  it('refuses invoiced_at 0000-01-01 with the invoice date message', async () => {
    const res = await owner.api.post('/invoice', body({ invoiced_at: '0000-01-01' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invoice date must be a valid date');
  });

  it('refuses an invoice of 4,700 lines, saying the limit', async () => {
    const items = Array.from({ length: 4700 }, () => line(productId, 1, 1));
    const res = await owner.api.post('/invoice', { customer: { id: customerId }, items, force: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('An invoice can have at most 500 lines');
  });

  it('refuses a NUL byte in the note', async () => {
    const res = await owner.api.post('/invoice', body({ note: 'a\u0000b' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Text must not contain NUL characters');
  });

  it('takes customer_id for customer: {id} and product: {id} for product_id', async () => {
    const res = await owner.api.post('/invoice', {
      customer_id: customerId,
      items: [{ product: { id: productId }, qty: 3, price: 2 }],
      force: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.customer_id).toBe(customerId);
    expect(res.body.items[0].product_id).toBe(productId);
  });
});

describe('company search and stats bounds', () => {
  it('refuses a NUL byte in the quick search', async () => {
    const res = await owner.api.get('/company/quick-search?query=ab%00c');
    expect(res.status).toBe(400);
  });

  it('refuses stats from 0000-01-01', async () => {
    const res = await owner.api.get('/company/stats?from=0000-01-01');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('From must be a date');
  });
});

describe('payment bounds', () => {
  it('refuses received_at 2024-02-30', async () => {
    const res = await owner.api.post(`/invoice/${invoice.id}/payment`, { received_at: '2024-02-30', amount: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Received date is required');
  });

  it('refuses an amount past numeric(12,2)', async () => {
    const res = await owner.api.post(`/invoice/${invoice.id}/payment`, {
      received_at: '2024-02-01',
      amount: 100_000_000,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Amount is too large');
  });
});

describe('ids past int4 on every /:id route of the invoice cluster', () => {
  const big = '2147483648';
  it.each([
    ['PUT', `/invoice/${big}`, { status: 'paid' }],
    ['GET', `/invoice/${big}/payment`, undefined],
    ['POST', `/invoice/${big}/payment`, { received_at: '2024-02-01', amount: 1 }],
    ['PUT', `/invoice/1/payment/${big}`, { received_at: '2024-02-01', amount: 1 }],
    ['DELETE', `/invoice/1/payment/${big}`, undefined],
    ['GET', `/invoice/${big}/document`, undefined],
    ['POST', `/invoice/${big}/document`, {}],
    ['GET', `/invoice/document/${big}/preview`, undefined],
    ['PUT', `/invoice/document/${big}`, { originalname: 'x.pdf' }],
    ['DELETE', `/invoice/document/${big}`, undefined],
    ['GET', `/invoice/${big}/note`, undefined],
    ['POST', `/invoice/${big}/note`, { note: 'x' }],
    ['DELETE', `/invoice/${big}/note`, { id: 1 }],
    ['GET', `/invoice/${big}/email`, undefined],
    ['GET', `/invoice/${big}/print-link`, undefined],
    ['GET', `/invoice/last?customerId=${big}`, undefined],
  ])('%s %s is a 400', async (method, url, payload) => {
    const res = await t.ctx.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${owner.token}` },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(400);
  });

  it('GET and DELETE /invoice/{ref} with a number past int4 are a 404, not a 500', async () => {
    expect((await owner.api.get(`/invoice/${big}`)).status).toBe(404);
    expect((await owner.api.del(`/invoice/${big}`)).status).toBe(404);
  });
});
