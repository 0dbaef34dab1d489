/**
 * Issue 30: stamps are a precondition, on every path that saves an invoice or moves its status. A
 * liquor invoice may be draft or cancelled with any number of stamps; any other status holds exactly
 * its need (one per liquor bottle), else a 400 saying how many are missing or extra.
 */
import { INVOICE_STATUSES } from '@dbo/domain/constants';
import { todayInTexas } from '@dbo/domain/dates';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { invoiceFixture, type InvoiceFixture, item, stampStatus } from '../../../test/invoice-fixtures.js';
import { makeOrder, makeShopCompany, makeShopper } from '../../../test/order-factories.js';
import { makeProduct, makeRoll } from '../../../test/factories.js';
import { invoices } from './invoices.tables.js';
import { stamps } from '../stamps/stamps.tables.js';

const t = useTestApp();

let f: InvoiceFixture;
let next = 1001;
/** n fresh stamps of the fixture's roll (A1001..A1100), never given twice */
const take = (n: number) => {
  const r = { roll_id: f.roll, from: next, to: next + n - 1 };
  next += n;
  return [r];
};
const body = (extra: Record<string, unknown>) => ({
  customer: { id: f.customer },
  items: [item(f.liquor, 2, '18.99')],
  force: true,
  ...extra,
});
const stampsOf = async (invoiceId: number) =>
  (await t.ctx.database.db.select().from(stamps).where(eq(stamps.invoice_id, invoiceId))).length;
const statusOf = async (invoiceId: number) =>
  (await t.ctx.database.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]?.status;

beforeAll(async () => {
  f = await invoiceFixture(t.ctx);
});

describe('POST /invoice', () => {
  it('refuses a delivered liquor invoice without stamps, saying how many are missing, and saves nothing', async () => {
    const before = await t.ctx.database.db.select().from(invoices).where(eq(invoices.company_id, f.owner.companyId));
    const res = await f.owner.api.post('/invoice', body({ status: 'delivered', stamps: [] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This invoice needs 2 more TABC stamps before it can be Delivered');
    const after = await t.ctx.database.db.select().from(invoices).where(eq(invoices.company_id, f.owner.companyId));
    expect(after.length).toBe(before.length);
  });

  it('says "1 more TABC stamp" (singular) and names the status as people read it', async () => {
    const res = await f.owner.api.post('/invoice', body({ status: 'payment_due_soon', stamps: take(1) }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This invoice needs 1 more TABC stamp before it can be Payment Due Soon');
    // the stamp it was sent stays available
    expect((await stampStatus(t.ctx, f.roll, next - 1, next - 1))[0].status).toBe('AVAILABLE');
  });

  it('refuses extra stamps, naming the extra count', async () => {
    const res = await f.owner.api.post('/invoice', body({ status: 'invoiced', stamps: take(3) }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This invoice has 1 more TABC stamp than its 2 liquor bottles need');
    const one = await f.owner.api.post(
      '/invoice',
      body({ items: [item(f.liquor, 1, '18.99')], status: 'invoiced', stamps: take(3) }),
    );
    expect(one.status).toBe(400);
    expect(one.body.message).toBe('This invoice has 2 more TABC stamps than its 1 liquor bottle needs');
  });

  it('accepts every status with exactly the need, and draft or cancelled with any number', async () => {
    for (const status of INVOICE_STATUSES) {
      const exact = await f.owner.api.post('/invoice', body({ status, stamps: take(2) }));
      expect(exact.status, `${status}: ${JSON.stringify(exact.body)}`).toBe(200);
    }
    const draftNone = await f.owner.api.post('/invoice', body({ status: 'draft', stamps: [] }));
    expect(draftNone.status).toBe(200);
    const draftMore = await f.owner.api.post('/invoice', body({ status: 'draft', stamps: take(5) }));
    expect(draftMore.status).toBe(200);
    expect(await stampsOf(draftMore.body.id)).toBe(5);
    const cancelledNone = await f.owner.api.post('/invoice', body({ status: 'cancelled', stamps: [] }));
    expect(cancelledNone.status).toBe(200);
  });

  it('counts only liquor lines with a positive quantity (wine, beer, returns need none)', async () => {
    const res = await f.owner.api.post(
      '/invoice',
      body({
        items: [item(f.liquor, 2, '18.99'), item(f.liquor2, -1, '39.99'), item(f.wine, 4, '22.00')],
        status: 'delivered',
        stamps: take(2),
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const wine = await f.owner.api.post(
      '/invoice',
      body({ items: [item(f.wine, 6, '22.00')], status: 'delivered', stamps: [] }),
    );
    expect(wine.status).toBe(200);
  });
});

describe('PUT /invoice/{id} (the full form)', () => {
  it('refuses removing the stamps of a delivered invoice, and keeps them', async () => {
    const s = take(2);
    const saved = await f.owner.api.post('/invoice', body({ status: 'delivered', stamps: s }));
    expect(saved.status).toBe(200);
    const res = await f.owner.api.put(`/invoice/${saved.body.id}`, body({ status: 'delivered', stamps: [] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This invoice needs 2 more TABC stamps before it can be Delivered');
    expect(await stampsOf(saved.body.id)).toBe(2);
  });

  it('refuses raising the quantity of an invoiced invoice without more stamps', async () => {
    const saved = await f.owner.api.post('/invoice', body({ status: 'invoiced', stamps: take(2) }));
    const stampsNow = saved.body.stamps.map((r: { roll_id: number; from: number; to: number }) => ({
      roll_id: r.roll_id,
      from: r.from,
      to: r.to,
    }));
    const res = await f.owner.api.put(
      `/invoice/${saved.body.id}`,
      body({ items: [item(f.liquor, 5, '18.99')], status: 'invoiced', stamps: stampsNow }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This invoice needs 3 more TABC stamps before it can be Invoiced');
  });

  it('lets a draft be saved without stamps and moved on once they add up', async () => {
    const draft = await f.owner.api.post('/invoice', body({ status: 'draft', stamps: [] }));
    const refused = await f.owner.api.put(`/invoice/${draft.body.id}`, body({ status: 'delivered', stamps: [] }));
    expect(refused.status).toBe(400);
    const ok = await f.owner.api.put(`/invoice/${draft.body.id}`, body({ status: 'delivered', stamps: take(2) }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.status).toBe('delivered');
  });
});

describe('PUT /invoice/{id} with only a status (the status dialog)', () => {
  it('refuses moving a stampless draft to any status but cancelled, and changes nothing', async () => {
    const draft = await f.owner.api.post('/invoice', body({ status: 'draft', stamps: [] }));
    for (const status of INVOICE_STATUSES.filter((s) => s !== 'draft' && s !== 'cancelled')) {
      const res = await f.owner.api.put(`/invoice/${draft.body.id}`, { status });
      expect(res.status, status).toBe(400);
      expect(res.body.message).toContain('2 more TABC stamps');
      expect(await statusOf(draft.body.id)).toBe('draft');
    }
    const cancel = await f.owner.api.put(`/invoice/${draft.body.id}`, { status: 'cancelled' });
    expect(cancel.status).toBe(200);
  });

  it('refuses moving a draft holding extra stamps out of draft', async () => {
    const draft = await f.owner.api.post('/invoice', body({ status: 'draft', stamps: take(4) }));
    const res = await f.owner.api.put(`/invoice/${draft.body.id}`, { status: 'delivered' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This invoice has 2 more TABC stamps than its 2 liquor bottles need');
  });

  it('moves an invoice holding its need, and a date-only change needs nothing', async () => {
    const ok = await f.owner.api.post('/invoice', body({ status: 'draft', stamps: take(2) }));
    const res = await f.owner.api.put(`/invoice/${ok.body.id}`, { status: 'delivered' });
    expect(res.status).toBe(200);
    const none = await f.owner.api.post('/invoice', body({ status: 'draft', stamps: [] }));
    const dated = await f.owner.api.put(`/invoice/${none.body.id}`, { invoiced_at: todayInTexas() });
    expect(dated.status).toBe(200);
  });
});

describe('payments move a draft out of draft', () => {
  it('refuses a payment that would make a stampless liquor draft paid, and records no money', async () => {
    const draft = await f.owner.api.post('/invoice', body({ status: 'draft', stamps: [] }));
    const res = await f.owner.api.post(`/invoice/${draft.body.id}/payment`, {
      amount: 5,
      received_at: todayInTexas(),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This invoice needs 2 more TABC stamps before it can be Partially Paid');
    const detail = await f.owner.api.get(`/invoice/${draft.body.id}?by=id`);
    expect(detail.body.status).toBe('draft');
    expect(detail.body.payments).toEqual([]);
  });

  it('takes the payment on a draft holding its stamps', async () => {
    const draft = await f.owner.api.post('/invoice', body({ status: 'draft', stamps: take(2) }));
    const res = await f.owner.api.post(`/invoice/${draft.body.id}/payment`, {
      amount: 5,
      received_at: todayInTexas(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.invoice.status).toBe('partially_paid');
  });
});

describe('an order invoiced (order -> invoice conversion)', () => {
  it('refuses a delivered invoice from an order without stamps and leaves the order placed', async () => {
    const company = await makeShopCompany(t.ctx);
    const vodka = await makeProduct(t.ctx, company.companyId, { product_price: '10.00' });
    const roll = await makeRoll(t.ctx, company.companyId);
    const shopper = await makeShopper(t.ctx, company);
    const order = await makeOrder(shopper, [{ product_id: vodka.id, qty: 3 }]);
    const invoice = {
      customer: { id: shopper.customerId },
      order_id: order.id,
      items: [item(vodka.id, 3, '10.00')],
      status: 'invoiced',
      force: true,
    };
    const refused = await company.api.post('/invoice', { ...invoice, stamps: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This invoice needs 3 more TABC stamps before it can be Invoiced');
    const o = await company.api.get(`/order/${order.order_number}`);
    expect(o.body.order.status).toBe('placed');
    const ok = await company.api.post('/invoice', {
      ...invoice,
      stamps: [{ roll_id: roll.id, from: 1001, to: 1003 }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
