import { addDays, formatDate, todayInTexas } from '@dbo/domain/dates';
import { STAMP_RECORD_MSG } from '@dbo/domain/stamp-record';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { line, makeCompany, makeCustomer, makeInvoice, makeProduct } from '../../../test/factories.js';
import { type SignedUp, useTestApp } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';
import { stamps } from './stamps.tables.js';

const t = useTestApp();

const today = todayInTexas();

interface Fixture {
  owner: SignedUp;
  roll: number;
  inv1: { id: number; number: number };
  inv2: { id: number; number: number };
  customerName: string;
  voidedId: number;
}

/**
 * One day of stamp transactions: a roll of 80 received, two invoices affixed, the first edited
 * (A5 back, A11-A12 taken, A1-A4 kept), the second cancelled, four destroys with reasons and one
 * of them undone.
 */
async function fixture(customerName = 'Broken Spoke Saloon'): Promise<Fixture> {
  const owner = await makeCompany(t.ctx, { name: 'Record Spirits', tabc_id: 'LP777777' });
  const rollRes = await owner.api.post('/stamp/roll', { roll: { prefix: 'A', received_at: today, from: 1, to: 80 } });
  expect(rollRes.status).toBe(200);
  const roll: number = rollRes.body.id;
  const customer = await makeCustomer(t.ctx, owner.companyId, { name: customerName, tabc_id: 'MB100234' });
  const liquor = await makeProduct(t.ctx, owner.companyId);
  const gin = await makeProduct(t.ctx, owner.companyId);
  const inv1 = await makeInvoice(owner, {
    customerId: customer.id,
    items: [line(liquor.id, 5, 10)],
    stamps: [{ roll_id: roll, from: 1, to: 5 }],
  });
  const inv2 = await makeInvoice(owner, {
    customerId: customer.id,
    items: [line(gin.id, 5, 10)],
    stamps: [{ roll_id: roll, from: 6, to: 10 }],
  });
  const edit = await owner.api.put(`/invoice/${inv1.id}`, {
    customer: { id: customer.id },
    items: [line(liquor.id, 6, 10)],
    stamps: [
      { roll_id: roll, from: 1, to: 4 },
      { roll_id: roll, from: 11, to: 12 },
    ],
  });
  expect(edit.status).toBe(200);
  expect((await owner.api.put(`/invoice/${inv2.id}`, { status: 'cancelled' })).status).toBe(200);
  const destroy = async (body: Record<string, unknown>) => {
    const res = await owner.api.put(`/stamp/roll/${roll}/assign`, { roll_id: roll, ...body });
    expect(res.status).toBe(200);
    return res.body;
  };
  await destroy({ from: 20, to: 21, reason: 'lost' });
  await destroy({ from: 22, to: 22, reason: 'VOIDED', note: 'torn' });
  const rep = await destroy({ from: 23, to: 23, reason: 'replacement', replaces: 'a3' });
  expect(rep).toMatchObject({ reason: 'replacement', replaces: 'A3', destroyed: 1 });
  await destroy({ from: 24, to: 24 });
  const destroyed = (await owner.api.get('/stamp/destroyed')).body as { id: number; from: number }[];
  const voidedId = destroyed.find((d) => d.from === 22)!.id;
  expect((await owner.api.del(`/stamp/undo-destroy?ids=${voidedId}`)).status).toBe(200);
  return { owner, roll, inv1, inv2, customerName, voidedId };
}

async function ledgerAvailable(companyId: number) {
  const [row] = await t.ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(stamps)
    .where(and(eq(stamps.company_id, companyId), eq(stamps.status, 'AVAILABLE')));
  return Number(row.n);
}

const raw = (owner: SignedUp, url: string) =>
  t.ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${owner.token}` } });

describe('destroy reasons', () => {
  it('stores the reason and the replaced stamp, shows them in the destroyed list and keeps undo working', async () => {
    const f = await fixture();
    const list = (await f.owner.api.get('/stamp/destroyed')).body as Record<string, unknown>[];
    expect(list.map((d) => [d.from, d.reason, d.replaces])).toEqual([
      [24, 'destroyed', null],
      [23, 'replacement', 'A3'],
      [20, 'lost', null],
    ]);
    // the undone voided entry left the list, its stamp is back
    expect(list.some((d) => d.id === f.voidedId)).toBe(false);
  });

  it('refuses a bad reason, a replacement without or with a foreign stamp, and changes nothing', async () => {
    const f = await fixture();
    const other = await makeCompany(t.ctx);
    const otherRoll = await other.api.post('/stamp/roll', {
      roll: { prefix: 'Z', received_at: today, from: 1, to: 80 },
    });
    const before = await ledgerAvailable(f.owner.companyId);
    const put = (body: Record<string, unknown>) =>
      f.owner.api.put(`/stamp/roll/${f.roll}/assign`, { roll_id: f.roll, from: 30, to: 31, ...body });
    expect((await put({ reason: 'burnt' })).body.message).toBe(STAMP_RECORD_MSG.reason);
    expect((await put({ reason: 'replacement' })).body.message).toBe(STAMP_RECORD_MSG.replacesRequired);
    expect((await put({ reason: 'lost', replaces: 'A3' })).body.message).toBe(
      STAMP_RECORD_MSG.replacesOnlyForReplacement,
    );
    // another company's stamp, a number outside every roll, and the range itself
    for (const [replaces, message] of [
      [`Z${otherRoll.body.from}`, STAMP_RECORD_MSG.replacesNotFound('Z1')],
      ['A999', STAMP_RECORD_MSG.replacesNotFound('A999')],
      ['A30', STAMP_RECORD_MSG.replacesInRange],
    ]) {
      const res = await put({ reason: 'replacement', replaces });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await ledgerAvailable(f.owner.companyId)).toBe(before);
  });
});

describe('GET /stamp/record', () => {
  it('answers one entry per date in TABC shape, edits and cancels as the entries they caused, on-hand equal to the ledger', async () => {
    const f = await fixture();
    const res = await f.owner.api.get('/stamp/record');
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r).toMatchObject({
      from: `${today.slice(0, 8)}01`,
      to: today,
      company: { name: 'Record Spirits', permit: 'LP777777' },
      opening_on_hand: 0,
    });
    expect(r.entries).toHaveLength(1);
    const [entry] = r.entries;
    expect(entry.date).toBe(today);
    const lines = entry.lines.map((l: Record<string, unknown>) => [
      l.kind,
      l.quantity,
      l.serials,
      l.invoice_number,
      l.on_hand,
    ]);
    const n1 = String(f.inv1.number);
    const n2 = String(f.inv2.number);
    expect(lines).toEqual([
      ['RECEIVED', 80, 'A1-A80', null, 80],
      ['AFFIXED', 5, 'A1-A5', n1, 75],
      ['AFFIXED', 5, 'A6-A10', n2, 70],
      ['RETURNED', 1, 'A5', n1, 71],
      ['AFFIXED', 2, 'A11-A12', n1, 69],
      ['RETURNED', 5, 'A6-A10', n2, 74],
      ['LOST', 2, 'A20-A21', null, 72],
      ['VOIDED', 1, 'A22', null, 71],
      ['REPLACEMENT', 1, 'A23', null, 70],
      ['DESTROYED', 1, 'A24', null, 69],
      ['RESTORED', 1, 'A22', null, 70],
    ]);
    const affixed = entry.lines[1];
    expect(affixed).toMatchObject({
      invoice_date: today,
      trade_name: 'Broken Spoke Saloon',
      permit: 'MB100234',
    });
    expect(entry.lines[5].note).toBe('Invoice cancelled');
    expect(entry.lines[3].note).toBe('Invoice edited');
    expect(entry.lines[8].replaces).toBe('A3');
    expect(entry).toMatchObject({ received: 81, affixed: 12, returned: 6, removed: 5, on_hand: 70 });
    // the running on-hand ends where the ledger is
    expect(r.closing_on_hand).toBe(70);
    expect(await ledgerAvailable(f.owner.companyId)).toBe(70);
    expect((await f.owner.api.get('/stamp/remaining')).body.availableStampCount).toBe(70);

    // a later range starts from that stock and has no entry
    const later = await f.owner.api.get(`/stamp/record?from=${addDays(today, 1)}&to=${addDays(today, 2)}`);
    expect(later.body).toMatchObject({ opening_on_hand: 70, closing_on_hand: 70, entries: [] });
    const earlier = await f.owner.api.get(`/stamp/record?from=${addDays(today, -40)}&to=${addDays(today, -1)}`);
    expect(earlier.body).toMatchObject({ opening_on_hand: 0, closing_on_hand: 0, entries: [] });
  });

  it('answers the record as CSV, a formula-looking trade name made harmless', async () => {
    const f = await fixture('=HYPERLINK("http://x")');
    const res = await raw(f.owner, `/stamp/record?from=${today}&to=${today}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toContain(`stamp-record-${today}-to-${today}.csv`);
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'Date,Transaction,Quantity,Serial Numbers,Invoice Date,Invoice,Retailer Trade Name,Retailer Permit,Replaces,Note,On Hand',
    );
    expect(rows[1]).toBe(`${today},Opening on hand,,,,,,,,,0`);
    expect(rows[2]).toBe(`${today},Received,80,A1-A80,,,,,,Roll registered,80`);
    expect(rows[3]).toBe(
      `${today},Affixed,5,A1-A5,${today},${f.inv1.number},"'=HYPERLINK(""http://x"")",MB100234,,,75`,
    );
    expect(rows[10]).toBe(`${today},Issued as replacement,1,A23,,,,,A3,,70`);
    expect(rows).toHaveLength(13);
    expect(rows.at(-1)?.endsWith(',70')).toBe(true);
  });

  it('answers a landscape PDF whose text holds the company, permit, entries and page numbers', async () => {
    const f = await fixture();
    const res = await raw(f.owner, `/stamp/record?from=${today}&to=${today}&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const flat = await pdfText(res.rawPayload);
    for (const expected of [
      'Record Spirits',
      'TABC Permit: LP777777',
      'Stamp Transaction Record',
      formatDate(today),
      'A1-A80',
      'A11-A12',
      'Returned to stock',
      'Invoice cancelled',
      'Broken Spoke Saloon',
      'MB100234',
      String(f.inv1.number),
      '(replaces A3)',
      'Closing on hand: 70',
      'Page 1 of 1',
    ])
      expect(flat).toContain(expected);
    // landscape: the first page's media box is wider than tall
    expect(res.rawPayload.toString('latin1')).toMatch(/MediaBox \[0 0 792 612\]/);
  });

  it('refuses a bad range with a clear 400', async () => {
    const owner = await makeCompany(t.ctx);
    for (const [query, message] of [
      [`from=${today}&to=${addDays(today, -1)}`, STAMP_RECORD_MSG.order],
      [`from=${addDays(today, -400)}&to=${today}`, STAMP_RECORD_MSG.tooLong],
      ['from=2024-02-30', STAMP_RECORD_MSG.from],
      [`to=${today}&format=xls`, STAMP_RECORD_MSG.format],
    ]) {
      const res = await owner.api.get(`/stamp/record?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // a whole leap year is allowed
    expect((await owner.api.get('/stamp/record?from=2024-01-01&to=2024-12-31')).status).toBe(200);
  });

  it('shows a company only its own transactions (tenant isolation of record, monthly, reconciliation)', async () => {
    await fixture();
    const other = await makeCompany(t.ctx, { name: 'Other Co' });
    const rec = await other.api.get('/stamp/record');
    expect(rec.body).toMatchObject({ company: { name: 'Other Co' }, opening_on_hand: 0, entries: [] });
    expect((await other.api.get('/stamp/monthly')).body.rows).toEqual([]);
    expect((await other.api.get('/stamp/roll/reconciliation')).body).toEqual({ rows: [], balanced: true });
    const csv = await raw(other, '/stamp/record?format=csv');
    expect(csv.body).not.toContain('A1-A80');
  });
});

describe('GET /stamp/roll/reconciliation', () => {
  it('adds up per roll, and a roll whose ledger disagrees is not balanced', async () => {
    const f = await fixture();
    const res = await f.owner.api.get('/stamp/roll/reconciliation');
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        roll_id: f.roll,
        serials: 'A1-A80',
        size: 80,
        affixed: 6,
        destroyed: { lost: 2, stolen: 0, voided: 0, destroyed: 1, replacement: 1 },
        destroyed_total: 4,
        on_hand: 70,
        accounted: 80,
        difference: 0,
        balanced: true,
      }),
    ]);
    expect(res.body.balanced).toBe(true);
    // a ledger row changed behind the log's back: the roll no longer adds up
    await t.ctx.database.db
      .update(stamps)
      .set({ status: 'AVAILABLE', invoice_id: null })
      .where(and(eq(stamps.roll_id, f.roll), eq(stamps.number, 1)));
    const bad = (await f.owner.api.get('/stamp/roll/reconciliation')).body;
    expect(bad.balanced).toBe(false);
    expect(bad.rows[0]).toMatchObject({ on_hand: 71, accounted: 81, difference: -1, balanced: false });
  });
});

describe('GET /stamp/monthly', () => {
  it('lists stamps affixed per roll with serial ranges, as JSON, CSV and PDF', async () => {
    const f = await fixture();
    const month = today.slice(0, 7);
    const res = await f.owner.api.get(`/stamp/monthly?month=${month}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      month,
      rows: [
        {
          roll_id: f.roll,
          roll: 'A1-A80',
          affixed: 6,
          affixed_serials: 'A1-A4, A11-A12',
          returned: 6,
          returned_serials: 'A5-A10',
          net: 0,
        },
      ],
      total_affixed: 6,
    });
    const csv = await raw(f.owner, `/stamp/monthly?month=${month}&format=csv`);
    expect(csv.body.split('\r\n').slice(0, 2)).toEqual([
      'Month,Roll,Affixed,Affixed Serial Numbers,Returned,Returned Serial Numbers,Net',
      `${month},A1-A80,6,"A1-A4, A11-A12",6,A5-A10,0`,
    ]);
    const pdf = await raw(f.owner, `/stamp/monthly?month=${month}&format=pdf`);
    expect(await pdfText(pdf.rawPayload)).toContain('A1-A4, A11-A12');
    for (const bad of ['2026-13', '2026-1', 'x'])
      expect((await f.owner.api.get(`/stamp/monthly?month=${bad}`)).body.message).toBe(STAMP_RECORD_MSG.month);
  });
});
