import { todayInTexas } from '@dbo/domain/dates';
import { and, desc, eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { seedDemoIfEmpty } from '../../seed/demo.js';
import { companies, users } from '../company/company.tables.js';
import { routesOn } from './delivery-read.service.js';
import { line, makeCustomer, makeInvoice, makeProduct, makeStaff } from '../../../test/factories.js';
import { activateFeature, createTestApp, useAppWithTwoCompanies } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';
import { inventory } from '../inventory/inventory.tables.js';
import { invoiceItems, invoices } from '../invoices/invoices.tables.js';

const t = useAppWithTwoCompanies();
const today = todayInTexas();

// a real 1x1 PNG
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let n = 0;
/** An invoiced invoice written straight to the tables, with the given lines. */
async function invoiceWith(
  companyId: number,
  customerId: number,
  lines: { name?: string; type: string; size: string; qty: number; price?: string; productId?: number | null }[],
  status = 'invoiced',
) {
  const total = lines.reduce((s, l) => s + l.qty * Number(l.price ?? '10.00'), 0).toFixed(2);
  const [inv] = await t.ctx.database.db
    .insert(invoices)
    .values({
      company_id: companyId,
      number: 7000 + ++n,
      beer: lines.every((l) => l.type === 'BEER'),
      customer_id: customerId,
      status,
      invoiced_at: today,
      due_at: today,
      sub_total: total,
      tax_total: '0',
      total,
    })
    .returning();
  await t.ctx.database.db.insert(invoiceItems).values(
    lines.map((l, i) => ({
      company_id: companyId,
      invoice_id: inv.id,
      product_id: l.productId ?? null,
      product_name: l.name ?? `PRODUCT ${i}`,
      product_type: l.type,
      product_size: l.size,
      qty: l.qty,
      price: l.price ?? '10.00',
      taxable: false,
      total: (l.qty * Number(l.price ?? '10.00')).toFixed(2),
      position: i,
    })),
  );
  return inv;
}

async function route(invoiceIds: number[], who = t.owner) {
  const res = await who.api.post('/delivery/route', {
    date: today,
    driver_user_id: who.user.id,
    invoice_ids: invoiceIds,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const completion = (extra: Record<string, unknown> = {}) => ({
  client_id: `c-${Date.now()}-${++n}`,
  received_by: 'Maria Lopez',
  signature_png: PNG,
  completed_at: new Date().toISOString(),
  ...extra,
});

describe('routes', () => {
  it('groups invoices into stops per customer, in order, and warns under 2.4 gallons of spirits', async () => {
    const a = await makeCustomer(t.ctx, t.owner.companyId, { name: 'Small Bar' });
    const b = await makeCustomer(t.ctx, t.owner.companyId, { name: 'Big Store' });
    // 11 x 750ML = 8.25 L = 2.18 gal: under; plus a size nobody knows
    const small = await invoiceWith(t.owner.companyId, a.id, [
      { name: 'TITOS', type: 'LIQUOR', size: '750ML', qty: 11 },
      { name: 'MYSTERY', type: 'LIQUOR', size: 'JUG', qty: 1 },
    ]);
    // 6 x 1.75L = 10.5 L = 2.77 gal: enough
    const big = await invoiceWith(t.owner.companyId, b.id, [{ type: 'LIQUOR', size: '1.75L', qty: 6 }]);
    const big2 = await invoiceWith(t.owner.companyId, b.id, [{ type: 'BEER', size: '24PK', qty: 3 }]);
    const r = await route([big.id, small.id, big2.id]);
    expect(r.stops.map((s: any) => s.customer.name)).toEqual(['Big Store', 'Small Bar']);
    expect(r.stops[0].invoices.map((i: any) => i.id)).toEqual([big.id, big2.id]);
    expect(r.stops[0].spirits_gallons).toBeCloseTo(2.774, 2);
    expect(r.stops[0].warnings).toEqual([]);
    expect(r.stops[1].spirits_gallons).toBeCloseTo(2.179, 2);
    expect(r.stops[1].warnings.some((w: string) => w.includes('2.4 gallons'))).toBe(true);
    expect(r.stops[1].warnings.some((w: string) => w.includes("MYSTERY (size 'JUG')"))).toBe(true);
    // a beer-only stop carries no spirits warning; the beer invoice is cash on delivery
    expect(r.stops[0].invoices[1].cod).toBe(true);
    expect(r.stops[0].cod_amount).toBe(30);

    const got = await t.owner.api.get(`/delivery/route/${r.id}`);
    expect(got.status).toBe(200);
    const list = await t.owner.api.get(`/delivery/route?date=${today}`);
    expect(list.body.map((x: any) => x.id)).toContain(r.id);

    // reorder the stops, then take the beer invoice off
    const order = [...r.stops].reverse().map((s: any) => s.id);
    const put = await t.owner.api.put(`/delivery/route/${r.id}`, {
      stop_order: order,
      invoice_ids: [small.id, big.id],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.stops.map((s: any) => s.customer.name)).toEqual(['Small Bar', 'Big Store']);
    expect(put.body.stops[1].invoices.map((i: any) => i.id)).toEqual([big.id]);
    expect((await t.owner.api.put(`/delivery/route/${r.id}`, { stop_order: [order[0]] })).status).toBe(400);

    // an invoice on a route cannot go on another; a draft or cancelled one cannot go at all
    expect(
      (
        await t.owner.api.post('/delivery/route', {
          date: today,
          driver_user_id: t.owner.user.id,
          invoice_ids: [big.id],
        })
      ).status,
    ).toBe(400);
    const draft = await invoiceWith(t.owner.companyId, a.id, [{ type: 'WINE', size: '750ML', qty: 1 }], 'draft');
    expect(
      (
        await t.owner.api.post('/delivery/route', {
          date: today,
          driver_user_id: t.owner.user.id,
          invoice_ids: [draft.id],
        })
      ).status,
    ).toBe(400);
    // another company sees nothing
    expect((await t.other.api.get(`/delivery/route/${r.id}`)).status).toBe(404);
    expect(
      (
        await t.other.api.post('/delivery/route', {
          date: today,
          driver_user_id: t.other.user.id,
          invoice_ids: [big2.id],
        })
      ).status,
    ).toBe(400);

    expect((await t.owner.api.del(`/delivery/route/${r.id}`)).status).toBe(200);
    expect((await t.owner.api.get(`/delivery/route/${r.id}`)).status).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const bad = [
      { date: '2026-02-30', driver_user_id: t.owner.user.id, invoice_ids: [1] },
      { date: today, driver_user_id: 'x', invoice_ids: [1] },
      { date: today, driver_user_id: t.owner.user.id, invoice_ids: [] },
      { date: today, driver_user_id: t.owner.user.id, invoice_ids: [1, 1] },
      { date: today, driver_user_id: 999999, invoice_ids: [1] },
    ];
    for (const body of bad) expect((await t.owner.api.post('/delivery/route', body)).status).toBe(400);
    expect((await t.owner.api.get('/delivery/route?date=nope')).status).toBe(400);
  });
});

describe('completing a stop', () => {
  it('records once for the same client_id, signs the invoice and puts "Received by" on its PDF', async () => {
    const c = await makeCustomer(t.ctx, t.owner.companyId, { contact_email: 'buyer@smallbar.example' });
    const inv = await invoiceWith(t.owner.companyId, c.id, [{ type: 'WINE', size: '750ML', qty: 12 }]);
    await route([inv.id]);
    const body = completion({ lat: 30.2672, lng: -97.7431, photo: PNG });
    const mailsBefore = t.ctx.mails.length;
    const first = await t.owner.api.post(`/delivery/stop/${inv.id}/complete`, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ invoice_id: inv.id, status: 'delivered', duplicate: false });
    const again = await t.owner.api.post(`/delivery/stop/${inv.id}/complete`, body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ invoice_id: inv.id, duplicate: true });
    // another completion of a delivered invoice is a conflict, not a second record
    expect((await t.owner.api.post(`/delivery/stop/${inv.id}/complete`, completion())).status).toBe(409);

    const detail = await t.owner.api.get(`/invoice/${inv.id}?by=id`);
    const delivered = detail.body.statusInfo.filter((h: any) => h.new_status === 'delivered');
    expect(delivered).toHaveLength(1);
    // the history says when in Texas time, as the PDF does (not the phone's UTC instant)
    expect(delivered[0].note).toMatch(/Received by Maria Lopez, \d\d\/\d\d\/\d{4}/);
    expect(delivered[0].note).toContain('30.26720, -97.74310');

    const pdf = await t.owner.api.post('/invoice/pdf', { number: inv.number });
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf.raw)).toMatch(/Received by Maria Lopez, \d\d\/\d\d\/\d{4}/);
    // the printable page's data carries the receiver, the time and the signature image it shows
    const link = await t.owner.api.get(`/invoice/${inv.id}/print-link`);
    expect(link.status).toBe(200);
    const page = await t.owner.api.get(`/pdf/invoice/${link.body.token}`);
    expect(page.status).toBe(200);
    expect(page.body.invoice.received).toMatchObject({ received_by: 'Maria Lopez', signature: PNG });
    // the signature joined the invoice's documents; the customer got a copy
    const docs = await t.owner.api.get(`/invoice/${inv.id}/document`);
    expect(docs.body.filter((d: any) => d.originalname === 'signature.png')).toHaveLength(1);
    expect(docs.body.filter((d: any) => d.originalname === 'delivery-photo.png')).toHaveLength(1);
    expect(t.ctx.mails.length).toBe(mailsBefore + 1);
    expect(t.ctx.mails.at(-1)?.to).toContain('buyer@smallbar.example');

    // a signed invoice is kept: cancelled or not, it cannot be deleted
    const del = await t.owner.api.del(`/invoice/${inv.number}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toContain('four years');
  });

  it('records the COD payment on the invoice, the rest on account', async () => {
    const c = await makeCustomer(t.ctx, t.owner.companyId, { cash_on_delivery: true });
    const inv = await invoiceWith(t.owner.companyId, c.id, [{ type: 'BEER', size: '24PK', qty: 4, price: '25.00' }]);
    const r = await route([inv.id]);
    expect(r.stops[0].cod_amount).toBe(100);
    const body = completion({ payment: { method: 'check', amount: 120, reference: '1042' } });
    const res = await t.owner.api.post(`/delivery/stop/${inv.id}/complete`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('paid');
    expect(res.body.payment_id).toBeGreaterThan(0);
    // the phone sends it again (its answer was lost): the same payment, not a second one
    const replay = await t.owner.api.post(`/delivery/stop/${inv.id}/complete`, body);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ duplicate: true, payment_id: res.body.payment_id });
    const payments = await t.owner.api.get(`/customer/${c.id}/payment`);
    expect(payments.status).toBe(200);
    expect(JSON.stringify(payments.body).match(/"reference":"1042"/g)).toHaveLength(1);
    const recv = await t.owner.api.get(`/customer/${c.id}/receivable`);
    expect(recv.body.on_account).toBe(20);
    const after = await t.owner.api.get(`/delivery/route/${r.id}`);
    expect(after.body.progress).toMatchObject({ stops_done: 1, cod_expected: 100, cod_collected: 120 });
    const rec = await t.owner.api.get(`/delivery/reconciliation?date=${today}`);
    const mine = rec.body.find((d: any) => d.driver_user_id === t.owner.user.id);
    expect(mine.check_list).toContainEqual({ invoice: expect.any(String), amount: 120, reference: '1042' });
    // a check without its number, a card, a zero amount: 400
    const other = await invoiceWith(t.owner.companyId, c.id, [{ type: 'BEER', size: '24PK', qty: 1 }]);
    await route([other.id]);
    for (const payment of [
      { method: 'check', amount: 10 },
      { method: 'card', amount: 10 },
      { method: 'cash', amount: 0 },
      { method: 'cash', amount: 'ten' },
    ])
      expect((await t.owner.api.post(`/delivery/stop/${other.id}/complete`, completion({ payment }))).status).toBe(400);
  });

  it('turns short and refused lines into a credit memo, stock back, with the reason', async () => {
    await activateFeature(t.ctx, t.owner.companyId, 'inventory');
    const c = await makeCustomer(t.ctx, t.owner.companyId);
    const wine = await makeProduct(t.ctx, t.owner.companyId, { product_type: 'WINE', product: 'CABERNET' });
    const inv = await makeInvoice(t.owner, {
      customerId: c.id,
      items: [line(wine.id, 6, '10.00', { taxable: false })],
      status: 'invoiced',
    });
    await route([inv.id]);
    const [stockBefore] = await t.ctx.database.db.select().from(inventory).where(eq(inventory.product_id, wine.id));
    const res = await t.owner.api.post(
      `/delivery/stop/${inv.id}/complete`,
      completion({ lines: [{ item_id: inv.items[0].id, delivered_qty: 4, reason: 'two bottles broken' }] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credit_memo_id).toBeGreaterThan(0);
    const memos = await t.owner.api.get(`/invoice/${inv.id}/credit-memo`);
    expect(memos.status).toBe(200);
    const memo = memos.body[0];
    expect(memo.total).toBe(20);
    expect(memo.reason).toContain('two bottles broken');
    const [stockAfter] = await t.ctx.database.db.select().from(inventory).where(eq(inventory.product_id, wine.id));
    expect(stockAfter.qty - stockBefore.qty).toBe(2);
    // the day-end reconciliation lists what came back on the truck, with the reason
    const rec = await t.owner.api.get(`/delivery/reconciliation?date=${today}`);
    const mine = rec.body.find((d: any) => d.driver_user_id === t.owner.user.id);
    expect(mine.returns).toBeGreaterThanOrEqual(20);
    expect(mine.return_list).toContainEqual({
      invoice: expect.any(String),
      amount: 20,
      reason: 'CABERNET: 4 of 6 (two bottles broken)',
    });
    // short without a reason, more than invoiced, an item of another invoice: 400
    const inv2 = await makeInvoice(t.owner, {
      customerId: c.id,
      items: [line(wine.id, 2, '10.00')],
      status: 'invoiced',
    });
    await route([inv2.id]);
    const item = inv2.items[0].id;
    for (const lines of [
      [{ item_id: item, delivered_qty: 1 }],
      [{ item_id: item, delivered_qty: 3 }],
      [{ item_id: inv.items[0].id, delivered_qty: 1, reason: 'x' }],
    ])
      expect((await t.owner.api.post(`/delivery/stop/${inv2.id}/complete`, completion({ lines }))).status).toBe(400);
  });

  it('an invoice paid before delivery keeps its status; its history says it was delivered, paid before', async () => {
    const c = await makeCustomer(t.ctx, t.owner.companyId);
    const inv = await invoiceWith(t.owner.companyId, c.id, [{ type: 'WINE', size: '750ML', qty: 2, price: '15.00' }]);
    const paid = await t.owner.api.post(`/invoice/${inv.id}/payment`, { received_at: today, amount: 30 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const r = await route([inv.id]);
    expect(r.stops[0].invoices[0].status).toBe('paid');
    const res = await t.owner.api.post(`/delivery/stop/${inv.id}/complete`, completion());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('paid');
    const detail = await t.owner.api.get(`/invoice/${inv.id}?by=id`);
    expect(detail.body.status).toBe('paid');
    const history = detail.body.statusInfo.map((h: any) => [h.old_status, h.new_status]);
    expect(history.slice(-2)).toEqual([
      ['invoiced', 'paid'],
      ['paid', 'delivered'],
    ]);
    const delivered = detail.body.statusInfo.at(-1);
    expect(delivered.note).toContain('Paid before delivery');
    expect(delivered.note).toContain('Received by Maria Lopez');
    expect(delivered.user).toEqual({ id: t.owner.user.id, name: t.owner.user.name });
    // the payment taken back (owner): the goods were delivered, so the invoice is delivered, not invoiced
    const [payment] = (await t.owner.api.get(`/invoice/${inv.id}/payment`)).body;
    expect((await t.owner.api.del(`/invoice/${inv.id}/payment/${payment.id}`)).status).toBe(200);
    expect((await t.owner.api.get(`/invoice/${inv.id}?by=id`)).body.status).toBe('delivered');
  });

  it("marks the signed invoice's lines of the stamp transaction record as signed", async () => {
    const c = await makeCustomer(t.ctx, t.owner.companyId, { name: 'Stamp Stop' });
    const vodka = await makeProduct(t.ctx, t.owner.companyId, { product_type: 'LIQUOR', product: 'SIGNED VODKA' });
    const inv = await makeInvoice(t.owner, {
      customerId: c.id,
      items: [line(vodka.id, 3, '10.00')],
      status: 'invoiced',
    });
    const linesOf = async () => {
      const rec = await t.owner.api.get(`/stamp/record?from=${today}&to=${today}`);
      expect(rec.status, JSON.stringify(rec.body)).toBe(200);
      return rec.body.entries
        .flatMap((e: any) => e.lines)
        .filter((l: any) => l.invoice_id === inv.id && l.kind === 'AFFIXED');
    };
    const before = await linesOf();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((l: any) => l.signed === false)).toBe(true);
    await route([inv.id]);
    const res = await t.owner.api.post(`/delivery/stop/${inv.id}/complete`, completion());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await linesOf();
    expect(after.length).toBe(before.length);
    expect(after.every((l: any) => l.signed === true)).toBe(true);
    // the CSV TABC reads says so beside the invoice number
    const csv = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stamp/record?from=${today}&to=${today}&format=csv`,
      headers: { authorization: `Bearer ${t.owner.token}` },
    });
    expect(csv.body).toContain(`${after[0].invoice_number} (signed)`);
  });

  it('validates the signature, photo, time and client id', async () => {
    const c = await makeCustomer(t.ctx, t.owner.companyId);
    const inv = await invoiceWith(t.owner.companyId, c.id, [{ type: 'WINE', size: '750ML', qty: 1 }]);
    await route([inv.id]);
    const bad = [
      { signature_png: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
      { signature_png: 'data:image/png;base64,notbase64!!' },
      { signature_png: 'https://example.com/sig.png' },
      { signature_png: `data:image/png;base64,iVBORw0KGgo${'A'.repeat(420_000)}` },
      { photo: 'data:text/html;base64,PGgxPg==' },
      { completed_at: 'yesterday' },
      { completed_at: new Date(Date.now() + 86_400_000).toISOString() },
      { client_id: 'x' },
      { received_by: '  ' },
      { lat: 200, lng: 0 },
    ];
    for (const b of bad) {
      const res = await t.owner.api.post(`/delivery/stop/${inv.id}/complete`, completion(b));
      expect(res.status, JSON.stringify(b).slice(0, 80)).toBe(400);
    }
    // an invoice on no route, another company's invoice
    const loose = await invoiceWith(t.owner.companyId, c.id, [{ type: 'WINE', size: '750ML', qty: 1 }]);
    expect((await t.owner.api.post(`/delivery/stop/${loose.id}/complete`, completion())).status).toBe(404);
    expect((await t.other.api.post(`/delivery/stop/${inv.id}/complete`, completion())).status).toBe(404);
  });
});

describe('drivers', () => {
  const driver = async (name?: string) => {
    const api = await makeStaff(t.ctx, t.owner.companyId, 'driver', name);
    const [u] = await t.ctx.database.db
      .select()
      .from(users)
      .where(and(eq(users.company_id, t.owner.companyId), eq(users.role, 'driver')))
      .orderBy(desc(users.id))
      .limit(1);
    return { api, id: u.id };
  };

  it('see and complete only their own stops; an office user is no driver', async () => {
    const dan = await driver('Dan Driver');
    const eve = await driver();
    const c = await makeCustomer(t.ctx, t.owner.companyId);
    const mine = await invoiceWith(t.owner.companyId, c.id, [{ type: 'WINE', size: '750ML', qty: 2 }]);
    const hers = await invoiceWith(t.owner.companyId, c.id, [{ type: 'WINE', size: '750ML', qty: 3 }]);
    const make = (driverId: number, ids: number[]) =>
      t.owner.api.post('/delivery/route', { date: today, driver_user_id: driverId, invoice_ids: ids });
    expect((await make(dan.id, [mine.id])).status).toBe(200);
    expect((await make(eve.id, [hers.id])).status).toBe(200);
    const drivers = await t.owner.api.get('/delivery/drivers');
    expect(drivers.body.slice(0, 2).map((d: any) => d.role)).toEqual(['driver', 'driver']);

    const list = await dan.api.get('/delivery/my-route');
    expect(list.status).toBe(200);
    expect(list.body.flatMap((r: any) => r.stops.flatMap((s: any) => s.invoices.map((i: any) => i.id)))).toEqual([
      mine.id,
    ]);
    // the office's planning is not the driver's
    expect((await dan.api.get(`/delivery/route?date=${today}`)).status).toBe(403);
    expect(
      (await dan.api.post('/delivery/route', { date: today, driver_user_id: dan.id, invoice_ids: [] })).status,
    ).toBe(403);
    expect((await dan.api.post(`/delivery/stop/${hers.id}/complete`, completion())).status).toBe(404);
    const done = await dan.api.post(`/delivery/stop/${mine.id}/complete`, completion());
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('delivered');
    // the invoice's status history names the driver who delivered it
    const detail = await t.owner.api.get(`/invoice/${mine.id}?by=id`);
    expect(detail.body.statusInfo.at(-1)).toMatchObject({
      new_status: 'delivered',
      user: { id: dan.id, name: 'Dan Driver' },
    });

    // the office hands Eve's route to Dan: it leaves her phone and reaches his
    const [evesRoute] = (await eve.api.get('/delivery/my-route')).body;
    const moved = await t.owner.api.put(`/delivery/route/${evesRoute.id}`, { driver_user_id: dan.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.driver_user_id).toBe(dan.id);
    expect((await eve.api.get('/delivery/my-route')).body).toEqual([]);
    expect((await dan.api.get('/delivery/my-route')).body.map((r: any) => r.id)).toContain(evesRoute.id);
    expect((await t.owner.api.put(`/delivery/route/${evesRoute.id}`, { driver_user_id: 999999 })).status).toBe(400);

    // an office user cannot be named driver
    await makeStaff(t.ctx, t.owner.companyId, 'office');
    const [office] = await t.ctx.database.db
      .select()
      .from(users)
      .where(and(eq(users.company_id, t.owner.companyId), eq(users.role, 'office')))
      .limit(1);
    const other = await invoiceWith(t.owner.companyId, c.id, [{ type: 'WINE', size: '750ML', qty: 1 }]);
    expect((await make(office.id, [other.id])).status).toBe(400);
  });

  it('a disabled or removed driver is not offered and cannot be given a route', async () => {
    const gone = await driver('Gone Driver');
    const off = await driver('Off Driver');
    const c = await makeCustomer(t.ctx, t.owner.companyId);
    const inv = await invoiceWith(t.owner.companyId, c.id, [{ type: 'WINE', size: '750ML', qty: 1 }]);
    expect((await t.owner.api.put(`/company/users/${off.id}`, { active: false })).status).toBe(200);
    expect((await t.owner.api.del(`/company/users/${gone.id}`)).status).toBe(200);
    const names = (await t.owner.api.get('/delivery/drivers')).body.map((d: any) => d.name);
    expect(names).not.toContain('Gone Driver');
    expect(names).not.toContain('Off Driver');
    for (const d of [gone, off]) {
      const res = await t.owner.api.post('/delivery/route', {
        date: today,
        driver_user_id: d.id,
        invoice_ids: [inv.id],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Driver not found');
    }
    // re-enabled, the driver is one again
    expect((await t.owner.api.put(`/company/users/${off.id}`, { active: true })).status).toBe(200);
    expect((await t.owner.api.get('/delivery/drivers')).body.map((d: any) => d.name)).toContain('Off Driver');
  });
});

describe('the demo company', () => {
  it.skipIf(!!inject('databaseUrl'))(
    "has a route for today with three stops, driven by the demo's driver",
    async () => {
      const demo = await createTestApp();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-demo-'));
      try {
        await seedDemoIfEmpty(demo.database.db, dir);
        const [company] = await demo.database.db.select().from(companies);
        const routes = await routesOn(demo.database.db, company.id, today);
        expect(routes).toHaveLength(1);
        expect(routes[0].stops).toHaveLength(3);
        const [driver] = await demo.database.db
          .select()
          .from(users)
          .where(eq(users.id, routes[0].driver_user_id ?? 0));
        expect(driver).toMatchObject({ email: 'driver@lonestar-spirits.example', role: 'driver' });
        // the driver login's own route, as the phone asks for it
        expect((await routesOn(demo.database.db, company.id, today, driver.id)).map((r) => r.id)).toEqual([
          routes[0].id,
        ]);
      } finally {
        await demo.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
