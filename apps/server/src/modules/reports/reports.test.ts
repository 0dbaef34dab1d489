import { addDays, todayInTexas } from '@dbo/domain/dates';
import { REPORT_MSG } from '@dbo/domain/report';
import { beforeAll, describe, expect, it } from 'vitest';
import { line, makeCompany, makeCustomer, makeInvoice, makeProduct, makeRoll } from '../../../test/factories.js';
import { makeShopCompany, makeShopper } from '../../../test/order-factories.js';
import { activateFeature, type SignedUp, useTestApp } from '../../../test/helpers.js';

const t = useTestApp();

const FROM = '2026-09-01';
const TO = '2026-10-31';

/**
 * The known data set (tax 8.25 %):
 *   #1 2026-09-10 Spoke  invoiced  2 x TITOS 10.00 (taxable) + 3 x BECKER 5.00 (not taxable), stamps A1001-A1002
 *      -> sub 35.00, tax 1.65, total 36.65
 *   #2 2026-10-05 Gruene delivered 1 x SHINER 29.99 (a beer invoice)   -> sub 29.99, tax 2.47, total 32.46
 *   #3 2026-10-20 Spoke  invoiced  1 x TITOS 100.00, stamp A1003       -> sub 100.00, tax 8.25, total 108.25
 *   #4 2026-10-21 Gruene cancelled 5 x TITOS 50.00, stamps A1004-A1008 (left out)
 *   #5 2026-10-22 Spoke  draft     1 x TITOS 3.00 (stamp A1009) + 4 x TOPO 2.50 (left out)
 *   #6 2026-08-01 Gruene invoiced  1 x TITOS 1.00 (before the range)
 *   stamps A1050-A1051 destroyed today.
 */
async function dataSet() {
  const owner = await makeCompany(t.ctx);
  await activateFeature(t.ctx, owner.companyId, 'reports');
  const c = owner.companyId;
  const spoke = await makeCustomer(t.ctx, c, { name: 'Broken Spoke Saloon' });
  const gruene = await makeCustomer(t.ctx, c, { name: 'Gruene Hall' });
  const titos = await makeProduct(t.ctx, c, { product: 'TITOS VODKA', product_type: 'LIQUOR' });
  const becker = await makeProduct(t.ctx, c, { product: 'BECKER CABERNET', product_type: 'WINE' });
  const shiner = await makeProduct(t.ctx, c, { product: 'SHINER BOCK', product_type: 'BEER', product_size: '12OZ' });
  const topo = await makeProduct(t.ctx, c, { product: 'TOPO CHICO', product_type: 'N/A' });
  const roll = await makeRoll(t.ctx, c);
  const stamps = (from: number, to: number) => [{ roll_id: roll.id, from, to }];
  const september = await makeInvoice(owner, {
    customerId: spoke.id,
    invoiced_at: '2026-09-10',
    status: 'invoiced',
    items: [line(titos.id, 2, '10.00'), line(becker.id, 3, '5.00', { taxable: false })],
    stamps: stamps(1001, 1002),
  });
  // paid on time: unpaid, it would make the Spoke delinquent under the credit law and refuse its
  // later liquor invoices (payments change no report figure)
  const paid = await owner.api.post(`/invoice/${september.id}/payment`, {
    received_at: '2026-09-20',
    amount: september.total,
  });
  expect(paid.status).toBe(200);
  const rest = [
    { customerId: gruene.id, invoiced_at: '2026-10-05', status: 'delivered', items: [line(shiner.id, 1, '29.99')] },
    // saved before the unpaid 10-20 invoice, which makes the Spoke delinquent by today
    {
      customerId: spoke.id,
      invoiced_at: '2026-10-22',
      status: 'draft',
      items: [line(titos.id, 1, '3.00'), line(topo.id, 4, '2.50')],
      stamps: stamps(1009, 1009),
    },
    {
      customerId: spoke.id,
      invoiced_at: '2026-10-20',
      status: 'invoiced',
      items: [line(titos.id, 1, '100.00')],
      stamps: stamps(1003, 1003),
    },
    {
      customerId: gruene.id,
      invoiced_at: '2026-10-21',
      status: 'cancelled',
      items: [line(titos.id, 5, '50.00')],
      stamps: stamps(1004, 1008),
    },
    { customerId: gruene.id, invoiced_at: '2026-08-01', status: 'invoiced', items: [line(titos.id, 1, '1.00')] },
  ];
  for (const body of rest) await makeInvoice(owner, body);
  const destroyed = await owner.api.put(`/stamp/roll/${roll.id}/assign`, { from: 1050, to: 1051, note: 'broken' });
  expect(destroyed.status).toBe(200);
  return { owner, spoke, gruene, titos, becker, shiner, roll };
}

const sales = (who: SignedUp, groupBy: string, range: Record<string, string> = { from: FROM, to: TO }) =>
  who.api.get('/report/sales', { ...range, groupBy });

describe('sales and stamps reports', () => {
  let f: Awaited<ReturnType<typeof dataSet>>;
  beforeAll(async () => {
    f = await dataSet();
  });

  const totals = { invoices: 3, units: 7, sub_total: 164.99, tax_total: 12.37, total: 177.36, average: 59.12 };

  it('by product: units and line amounts, largest first; invoices that carry each product', async () => {
    const res = await sales(f.owner, 'product');
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual(totals);
    expect(
      res.body.rows.map((r: any) => [r.key, r.label, r.product_type, r.units, r.amount, r.invoices, r.average]),
    ).toEqual([
      [String(f.titos.id), 'TITOS VODKA', 'LIQUOR', 3, 120, 2, 60],
      [String(f.shiner.id), 'SHINER BOCK', 'BEER', 1, 29.99, 1, 29.99],
      [String(f.becker.id), 'BECKER CABERNET', 'WINE', 3, 15, 1, 15],
    ]);
    expect(res.body.rows[1].product_size).toBe('12OZ');
  });

  it('by customer: invoice totals with tax, invoice count, average invoice', async () => {
    const res = await sales(f.owner, 'customer');
    expect(res.body.totals).toEqual(totals);
    expect(
      res.body.rows.map((r: any) => [r.label, r.invoices, r.units, r.sub_total, r.tax_total, r.amount, r.average]),
    ).toEqual([
      ['Broken Spoke Saloon', 2, 6, 135, 9.9, 144.9, 72.45],
      ['Gruene Hall', 1, 1, 29.99, 2.47, 32.46, 32.46],
    ]);
    expect(res.body.rows[0].key).toBe(String(f.spoke.id));
  });

  it('by product type per month', async () => {
    const res = await sales(f.owner, 'type');
    expect(res.body.rows.map((r: any) => [r.month, r.product_type, r.label, r.units, r.amount, r.invoices])).toEqual([
      ['2026-09', 'LIQUOR', 'Liquor', 2, 20, 1],
      ['2026-09', 'WINE', 'Wine', 3, 15, 1],
      ['2026-10', 'BEER', 'Beer', 1, 29.99, 1],
      ['2026-10', 'LIQUOR', 'Liquor', 1, 100, 1],
    ]);
    // line amounts add up to the invoices' subtotal
    const sum = res.body.rows.reduce((n: number, r: any) => n + Math.round(r.amount * 100), 0);
    expect(sum / 100).toBe(totals.sub_total);
  });

  it('by month', async () => {
    const res = await sales(f.owner, 'month');
    expect(
      res.body.rows.map((r: any) => [r.month, r.invoices, r.units, r.sub_total, r.tax_total, r.amount, r.average]),
    ).toEqual([
      ['2026-09', 1, 5, 35, 1.65, 36.65, 36.65],
      ['2026-10', 2, 2, 129.99, 10.72, 140.71, 70.36],
    ]);
  });

  it('an empty range answers no rows and zero totals', async () => {
    const res = await sales(f.owner, 'product', { from: '2020-01-01', to: '2020-12-31' });
    expect(res.body.rows).toEqual([]);
    expect(res.body.totals).toEqual({ invoices: 0, units: 0, sub_total: 0, tax_total: 0, total: 0, average: 0 });
  });

  it('stamps per month by roll: invoiced by invoice month, destroyed by day destroyed', async () => {
    const today = todayInTexas();
    const res = await f.owner.api.get('/report/stamps', { from: FROM, to: today });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { month: '2026-09', roll_id: f.roll.id, roll: 'A1001-A1100', invoiced: 2, destroyed: 0 },
      { month: '2026-10', roll_id: f.roll.id, roll: 'A1001-A1100', invoiced: 1, destroyed: 0 },
      { month: today.slice(0, 7), roll_id: f.roll.id, roll: 'A1001-A1100', invoiced: 0, destroyed: 2 },
    ]);
    const sept = await f.owner.api.get('/report/stamps', { from: FROM, to: '2026-09-30' });
    expect(sept.body.rows.map((r: any) => [r.month, r.invoiced])).toEqual([['2026-09', 2]]);
  });

  it('defaults to the last 12 months up to today', async () => {
    const res = await f.owner.api.get('/report/sales', { groupBy: 'month' });
    expect(res.status).toBe(200);
    expect(res.body.to).toBe(todayInTexas());
    expect(res.body.from.endsWith('-01')).toBe(true);
    expect(res.body.rows.map((r: any) => r.month)).toContain('2026-09');
  });

  it('refuses bad ranges and groupings with 400', async () => {
    const bad = async (q: Record<string, string>, url = '/report/sales') => {
      const res = await f.owner.api.get(url, q);
      return [res.status, res.body.message];
    };
    expect(await bad({ from: '2026-10-02', to: '2026-10-01' })).toEqual([400, REPORT_MSG.order]);
    expect(await bad({ from: '2026-10-02', to: '2026-10-01' }, '/report/stamps')).toEqual([400, REPORT_MSG.order]);
    expect(await bad({ from: '2020-01-01', to: '2023-01-01' })).toEqual([400, REPORT_MSG.tooLong]);
    expect((await bad({ from: '2020-01-01', to: '2022-12-31' }))[0]).toBe(200);
    expect(await bad({ from: '2026-02-30', to: '2026-03-01' })).toEqual([400, REPORT_MSG.from]);
    expect(await bad({ from: '2026-01-01', to: 'yesterday' })).toEqual([400, REPORT_MSG.to]);
    expect((await bad({ from: '2026-01-01\u0000', to: '2026-02-01' }))[0]).toBe(400);
    expect(await bad({ from: FROM, to: TO, groupBy: 'sku' })).toEqual([400, REPORT_MSG.groupBy]);
  });
});

describe('top 20 products and the rest', () => {
  it('lists 20 products and adds up the others in one row', async () => {
    const owner = await makeCompany(t.ctx);
    await activateFeature(t.ctx, owner.companyId, 'reports');
    const customer = await makeCustomer(t.ctx, owner.companyId);
    const items = [];
    for (let i = 1; i <= 22; i++) {
      const p = await makeProduct(t.ctx, owner.companyId, {
        product: `WINE ${String(i).padStart(2, '0')}`,
        product_type: 'WINE',
      });
      items.push(line(p.id, 1, `${i}.00`, { taxable: false }));
    }
    const day = addDays(todayInTexas(), -1);
    await makeInvoice(owner, { customerId: customer.id, invoiced_at: day, status: 'invoiced', items });
    await makeInvoice(owner, { customerId: customer.id, invoiced_at: day, status: 'invoiced', items: [items[0]] });
    const res = await owner.api.get('/report/sales', { from: day, to: day, groupBy: 'product' });
    expect(res.body.rows).toHaveLength(21);
    expect(res.body.rows[0]).toMatchObject({ label: 'WINE 22', amount: 22 });
    expect(res.body.rows[19]).toMatchObject({ label: 'WINE 03', amount: 3 });
    expect(res.body.rows[20]).toMatchObject({
      key: 'rest',
      label: '2 other products',
      units: 3,
      amount: 4,
      invoices: 2,
    });
    expect(res.body.totals).toMatchObject({ invoices: 2, units: 23, total: 254 });
  });
});

describe('access', () => {
  it('needs the reports feature, and never shows another company', async () => {
    const a = await dataSet();
    const b = await makeCompany(t.ctx);
    const off = await sales(b, 'product');
    expect([off.status, off.body.message]).toEqual([403, REPORT_MSG.featureOff]);
    expect((await b.api.get('/report/stamps', { from: FROM, to: TO })).status).toBe(403);
    await activateFeature(t.ctx, b.companyId, 'reports');
    const mine = await sales(b, 'customer');
    expect(mine.body.rows).toEqual([]);
    expect(mine.body.totals.invoices).toBe(0);
    expect((await b.api.get('/report/stamps', { from: FROM, to: todayInTexas() })).body.rows).toEqual([]);
    expect((await sales(a.owner, 'customer')).body.rows).toHaveLength(2);
  });
});

describe('customer users', () => {
  it('cannot read the reports of the company they buy from', async () => {
    const shop = await makeShopCompany(t.ctx);
    await activateFeature(t.ctx, shop.companyId, 'reports');
    const shopper = await makeShopper(t.ctx, shop);
    expect((await shopper.api.get('/report/sales', { groupBy: 'customer' })).status).toBe(401);
    expect((await shopper.api.get('/report/stamps')).status).toBe(401);
  });
});
