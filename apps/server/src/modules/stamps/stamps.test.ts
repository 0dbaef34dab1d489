import { addDays, todayInTexas } from '@dbo/domain/dates';
import { NOTHING_DESTROYED, STAMP_MSG } from '@dbo/domain/stamps';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpCompany, type SignedUp, useTestApp } from '../../../test/helpers.js';
import { customers } from '../customers/customers.tables.js';
import { invoices } from '../invoices/invoices.tables.js';
import { setInvoiceStamps } from './stamps.ledger.js';
import { stampAssignments, stamps } from './stamps.tables.js';

const t = useTestApp();

const today = todayInTexas();
const roll = (change: Record<string, unknown> = {}) => ({
  roll: { prefix: 'a', received_at: today, from: 1001, to: 1080, ...change },
});

async function registerRoll(owner: SignedUp, change: Record<string, unknown> = {}) {
  const res = await owner.api.post('/stamp/roll', roll(change));
  expect(res.status).toBe(200);
  return res.body;
}

/** An invoice row as a fixture, with stamps taken through the ledger. */
async function invoiceWithStamps(
  owner: SignedUp,
  number: number,
  ranges: { roll_id: number; from: number; to: number }[],
  beer = false,
) {
  const db = t.ctx.database.db;
  const [customer] = await db
    .insert(customers)
    .values({
      company_id: owner.companyId,
      name: `Bar ${number}`,
      address: '1 Main St',
      city: 'Austin',
      zip: '78701',
      tabc_id: 'MB123456',
    })
    .returning();
  const [inv] = await db
    .insert(invoices)
    .values({ company_id: owner.companyId, customer_id: customer.id, number, beer, invoiced_at: today })
    .returning();
  await db.transaction((tx) =>
    setInvoiceStamps(tx, { companyId: owner.companyId, invoiceId: inv.id, userId: owner.user.id, ranges }),
  );
  return inv;
}

async function statusCounts(rollId: number) {
  const rows = await t.ctx.database.db
    .select({ status: stamps.status, n: sql<number>`count(*)::int` })
    .from(stamps)
    .where(eq(stamps.roll_id, rollId))
    .groupBy(stamps.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

describe('stamp rolls', () => {
  it('registers a roll with its ledger rows, upper-cases the prefix and answers warnings', async () => {
    const owner = await signUpCompany(t.ctx);
    const body = await registerRoll(owner, { prefix: ' ab ', from: 1, to: 100 });
    expect(body.roll).toMatchObject({
      prefix: 'AB',
      from: 1,
      to: 100,
      active: true,
      finished: false,
      stampsCount: 100,
    });
    expect(body.id).toBe(body.roll.id);
    expect(body.warnings).toEqual(['100 stamps is not a multiple of 80 or 500']);
    expect(await statusCounts(body.id)).toEqual({ AVAILABLE: 100 });

    const clean = await registerRoll(owner, { prefix: '', from: 1, to: 2000 });
    expect(clean.warnings).toEqual([]);
    expect(clean.prefix).toBe('');
    const big = await registerRoll(owner, { prefix: 'Z', from: 1, to: 10_001 });
    expect(big.warnings.join(' ')).toContain('more than the max possible');
    const small = await registerRoll(owner, { prefix: 'Y', from: 5, to: 9 });
    expect(small.warnings.join(' ')).toContain('less than 80');

    const list = await owner.api.get('/stamp/roll');
    expect(list.status).toBe(200);
    expect(list.body.map((r: any) => r.prefix).sort()).toEqual(['', 'AB', 'Y', 'Z']);
    const ab = list.body.find((r: any) => r.prefix === 'AB');
    expect(ab).toMatchObject({ stampsCount: 100, firstAvailable: 1, lastAvailable: 100, active: true });
    expect(ab.sequences).toEqual([{ roll_id: ab.id, prefix: 'AB', from: 1, to: 100, count: 100 }]);

    const grid = await owner.api.get('/user/user-activity/grid', { startRow: 0, endRow: 50 });
    expect(grid.body.rows.filter((r: any) => r.module === 'STAMP' && r.type === 'CREATE')).toHaveLength(4);
  });

  it.each([
    [{ received_at: '' }, STAMP_MSG.receivedAt],
    [{ received_at: addDays(today, 4) }, STAMP_MSG.receivedAtLate],
    [{ from: 0 }, STAMP_MSG.fromMin],
    [{ from: 'x' }, STAMP_MSG.fromMin],
    [{ to: undefined }, STAMP_MSG.to],
    [{ from: 50, to: 49 }, 'Stamp roll must end in a larger value than the start'],
    [{ active: 'maybe' }, STAMP_MSG.active],
    [{ from: 1, to: 200_000 }, 'A stamp roll can not have more than 100000 stamps'],
  ])('refuses %o', async (change, message) => {
    const owner = await signUpCompany(t.ctx);
    const res = await owner.api.post('/stamp/roll', roll(change));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await owner.api.get('/stamp/roll')).body).toEqual([]);
  });

  it('accepts a receive date 3 days ahead and an inactive roll', async () => {
    const owner = await signUpCompany(t.ctx);
    const body = await registerRoll(owner, { received_at: addDays(today, 3), active: 0 });
    expect(body).toMatchObject({ received_at: addDays(today, 3), active: false, usable: false });
  });

  it('refuses overlapping ranges with the same prefix, in this company only', async () => {
    const owner = await signUpCompany(t.ctx);
    const other = await signUpCompany(t.ctx);
    await registerRoll(owner, { prefix: 'A', from: 1001, to: 1080 });
    const clash = await owner.api.post('/stamp/roll', roll({ prefix: ' a', from: 1080, to: 1159 }));
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe(STAMP_MSG.rollOverlap('A1001-A1080'));
    const inside = await owner.api.post('/stamp/roll', roll({ prefix: 'A', from: 1010, to: 1020 }));
    expect(inside.status).toBe(400);
    // other prefix, adjacent range, other company: fine
    await registerRoll(owner, { prefix: 'B', from: 1001, to: 1080 });
    await registerRoll(owner, { prefix: 'A', from: 1081, to: 1160 });
    await registerRoll(other, { prefix: 'A', from: 1001, to: 1080 });
    expect((await owner.api.get('/stamp/roll')).body).toHaveLength(3);
  });

  it('toggles active, accepts only active, refuses to activate a finished roll, 404 elsewhere', async () => {
    const owner = await signUpCompany(t.ctx);
    const other = await signUpCompany(t.ctx);
    const r = await registerRoll(owner, { from: 1, to: 80 });
    const off = await owner.api.put(`/stamp/roll/${r.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: r.id, active: false, usable: false });
    const on = await owner.api.put(`/stamp/roll/${r.id}`, { active: 1 });
    expect(on.body.active).toBe(true);
    const extra = await owner.api.put(`/stamp/roll/${r.id}`, { active: true, prefix: 'X' });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe(STAMP_MSG.onlyActive);
    const missing = await owner.api.put(`/stamp/roll/${r.id}`, {});
    expect(missing.status).toBe(400);
    expect((await other.api.put(`/stamp/roll/${r.id}`, { active: false })).status).toBe(404);
    expect((await other.api.get('/stamp/roll')).body).toEqual([]);
    expect((await owner.api.get('/stamp/roll')).body[0].active).toBe(true);

    // destroy every stamp: the roll is finished and can't be activated again
    const all = await owner.api.put(`/stamp/roll/${r.id}/assign`, { roll_id: r.id, from: 1, to: 80 });
    expect(all.body.destroyed).toBe(80);
    const [fin] = (await owner.api.get('/stamp/roll')).body;
    expect(fin).toMatchObject({ finished: true, stampsCount: 0, firstAvailable: null, sequences: [] });
    await owner.api.put(`/stamp/roll/${r.id}`, { active: false });
    const again = await owner.api.put(`/stamp/roll/${r.id}`, { active: true });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(STAMP_MSG.finishedActivate);
  });
});

describe('remaining', () => {
  it('sums the usable rolls and names the current one', async () => {
    const owner = await signUpCompany(t.ctx);
    const empty = await owner.api.get('/stamp/remaining');
    expect(empty.body).toMatchObject({
      availableStampCount: 0,
      firstAvailableStamp: null,
      totalStampCount: 0,
      currentRoll: null,
      rollCount: 0,
      stamp_threshold: 500,
      low: true,
    });
    const first = await registerRoll(owner, { prefix: 'A', from: 1, to: 80, received_at: addDays(today, -5) });
    const second = await registerRoll(owner, { prefix: 'B', from: 1, to: 500 });
    const inactive = await registerRoll(owner, { prefix: 'C', from: 1, to: 1000, active: false });
    expect(inactive.active).toBe(false);
    const inv = await invoiceWithStamps(owner, 7, [{ roll_id: first.id, from: 1, to: 10 }]);
    expect(inv.id).toBeGreaterThan(0);
    const res = await owner.api.get('/stamp/remaining');
    expect(res.body).toMatchObject({
      availableStampCount: 70 + 500,
      firstAvailableStamp: 11,
      totalStampCount: 580,
      usableRollCount: 2,
      rollCount: 3,
      low: false,
    });
    expect(res.body.currentRoll).toMatchObject({ id: first.id, prefix: 'A', firstAvailable: 11, stampsCount: 70 });
    await owner.api.put(`/stamp/roll/${first.id}`, { active: false });
    const after = await owner.api.get('/stamp/remaining');
    expect(after.body.currentRoll.id).toBe(second.id);
    expect(after.body.availableStampCount).toBe(500);
    expect(after.body.low).toBe(false);
  });
});

describe('destroy and undo', () => {
  it('destroys only AVAILABLE stamps and reports invoiced and already destroyed ones', async () => {
    const owner = await signUpCompany(t.ctx);
    const other = await signUpCompany(t.ctx);
    const r = await registerRoll(owner, { prefix: 'A', from: 1, to: 80 });
    await invoiceWithStamps(owner, 1001, [{ roll_id: r.id, from: 5, to: 7 }]);
    await invoiceWithStamps(owner, 1002, [{ roll_id: r.id, from: 9, to: 9 }], true);

    const first = await owner.api.put(`/stamp/roll/${r.id}/assign`, { roll_id: r.id, from: 1, to: 10, note: ' torn ' });
    expect(first.status).toBe(200);
    expect(first.body.destroyed).toBe(6);
    expect(first.body.entries.map((e: any) => [e.status, e.total, e.invoice_numbers])).toEqual([
      ['INVOICED', 4, ['1001', '1002B']],
      ['AVAILABLE', 6, []],
    ]);
    expect(first.body.messages).toEqual([
      '4 stamps NOT destroyed because they are in INVOICED status (invoice #1001, #1002B)',
      '6 stamps destroyed and marked unavailable',
    ]);
    expect(await statusCounts(r.id)).toEqual({ AVAILABLE: 70, INVOICED: 4, DESTROYED: 6 });

    const second = await owner.api.put(`/stamp/roll/${r.id}/assign`, { roll_id: r.id, from: 1, to: 4 });
    expect(second.body.entries.map((e: any) => [e.status, e.total])).toEqual([['DESTROYED', 4]]);
    expect(second.body.messages).toEqual([
      '4 stamps NOT destroyed because they were already DESTROYED',
      NOTHING_DESTROYED,
    ]);

    const destroyed = await owner.api.get('/stamp/destroyed');
    expect(destroyed.body.map((d: any) => [d.from, d.to, d.note, d.count])).toEqual([
      [10, 10, 'TORN', 1],
      [8, 8, 'TORN', 1],
      [1, 4, 'TORN', 4],
    ]);
    expect(destroyed.body[0].user).toBe('Test Owner');

    // invalid ranges and other companies
    const outside = await owner.api.put(`/stamp/roll/${r.id}/assign`, { roll_id: r.id, from: 70, to: 81 });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(STAMP_MSG.outsideRoll('A1-A80'));
    const reversed = await owner.api.put(`/stamp/roll/${r.id}/assign`, { roll_id: r.id, from: 20, to: 19 });
    expect(reversed.body.message).toBe(STAMP_MSG.toMin);
    const mismatch = await owner.api.put(`/stamp/roll/${r.id}/assign`, { roll_id: r.id + 1000, from: 20, to: 20 });
    expect(mismatch.status).toBe(400);
    expect((await other.api.put(`/stamp/roll/${r.id}/assign`, { roll_id: r.id, from: 20, to: 30 })).status).toBe(404);
    expect((await other.api.get('/stamp/destroyed')).body).toEqual([]);
    expect(await statusCounts(r.id)).toEqual({ AVAILABLE: 70, INVOICED: 4, DESTROYED: 6 });

    // undo: another company can't, a bad list can't, then the owner can
    const ids = destroyed.body.map((d: any) => d.id);
    expect((await other.api.del(`/stamp/undo-destroy?ids=${ids.join(',')}`)).status).toBe(404);
    const bad = await owner.api.del('/stamp/undo-destroy?ids=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(STAMP_MSG.undoFailed);
    const undo = await owner.api.del(`/stamp/undo-destroy?ids=${ids[0]},${ids[2]}`);
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ success: true, restored: 5 });
    expect(await statusCounts(r.id)).toEqual({ AVAILABLE: 75, INVOICED: 4, DESTROYED: 1 });
    const twice = await owner.api.del(`/stamp/undo-destroy?ids=${ids[0]},${ids[1]}`);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(STAMP_MSG.undoFailed);
    // all or nothing: entry 1 was not undone by the refused request
    expect(await statusCounts(r.id)).toEqual({ AVAILABLE: 75, INVOICED: 4, DESTROYED: 1 });
    expect((await owner.api.get('/stamp/destroyed')).body.map((d: any) => d.id)).toEqual([ids[1]]);
    // an invoice log entry is not a destroyed entry
    const [invEntry] = await t.ctx.database.db
      .select()
      .from(stampAssignments)
      .where(and(eq(stampAssignments.roll_id, r.id), eq(stampAssignments.status, 'INVOICED')))
      .limit(1);
    expect((await owner.api.del(`/stamp/undo-destroy?ids=${invEntry.id}`)).status).toBe(400);
  });

  it('refuses an invoice taking a destroyed stamp and gives it back after undo', async () => {
    const owner = await signUpCompany(t.ctx);
    const r = await registerRoll(owner, { prefix: 'Q', from: 1, to: 80 });
    const d = await owner.api.put(`/stamp/roll/${r.id}/assign`, { roll_id: r.id, from: 3, to: 3 });
    expect(d.body.destroyed).toBe(1);
    await expect(invoiceWithStamps(owner, 5, [{ roll_id: r.id, from: 1, to: 4 }])).rejects.toThrow(
      'Stamps Q3 are not available',
    );
    const [entry] = (await owner.api.get('/stamp/destroyed')).body;
    await owner.api.del(`/stamp/undo-destroy?ids=${entry.id}`);
    await invoiceWithStamps(owner, 6, [{ roll_id: r.id, from: 1, to: 4 }]);
    expect(await statusCounts(r.id)).toEqual({ AVAILABLE: 76, INVOICED: 4 });
  });
});

describe('stamp log grid and CSV', () => {
  it('lists, filters, sorts and downloads the log of this company only', async () => {
    const owner = await signUpCompany(t.ctx);
    const other = await signUpCompany(t.ctx);
    const r = await registerRoll(owner, { prefix: 'L', from: 1, to: 500 });
    await invoiceWithStamps(owner, 3001, [{ roll_id: r.id, from: 1, to: 10 }]);
    await invoiceWithStamps(owner, 3002, [{ roll_id: r.id, from: 11, to: 12 }], true);
    await owner.api.put(`/stamp/roll/${r.id}/assign`, { roll_id: r.id, from: 100, to: 109, note: 'water damage' });
    const ro = await registerRoll(other, { prefix: 'L', from: 1, to: 80 });
    await owner.api.put(`/stamp/roll/${r.id}/assign`, { roll_id: r.id, from: 200, to: 200 });
    await other.api.put(`/stamp/roll/${ro.id}/assign`, { roll_id: ro.id, from: 1, to: 1 });

    const grid = await owner.api.get('/invoice/stamp/grid', { startRow: 0, endRow: 25 });
    expect(grid.status).toBe(200);
    expect(grid.body.count).toBe(4);
    // newest first
    expect(grid.body.rows.map((x: any) => [x.prefix, x.from, x.to, x.count, x.status, x.invoice_number])).toEqual([
      ['L', 200, 200, 1, 'DESTROYED', null],
      ['L', 100, 109, 10, 'DESTROYED', null],
      ['L', 11, 12, 2, 'INVOICED', '3002B'],
      ['L', 1, 10, 10, 'INVOICED', '3001'],
    ]);
    expect(grid.body.rows[1]).toMatchObject({ note: 'WATER DAMAGE', user: 'Test Owner' });
    expect(grid.body.rows[0].logged_at).toBeTruthy();

    const page = await owner.api.get('/invoice/stamp/grid', { startRow: 1, endRow: 2 });
    expect(page.body.rows.map((x: any) => x.from)).toEqual([100]);
    expect(page.body.count).toBe(4);

    const q = (filterModel: unknown, sortModel: unknown = []) =>
      owner.api.get('/invoice/stamp/grid', { startRow: 0, endRow: 25, filterModel, sortModel });
    const byStatus = await q({ status: { filterType: 'text', type: 'equals', filter: 'INVOICED' } });
    expect(byStatus.body.rows.map((x: any) => x.from)).toEqual([11, 1]);
    const byInvoice = await q({ invoice_number: { filterType: 'text', type: 'equals', filter: '3002b' } });
    expect(byInvoice.body.rows.map((x: any) => x.from)).toEqual([11]);
    const byNumber = await q({ number: { filterType: 'number', type: 'equals', filter: 105 } });
    expect(byNumber.body.rows.map((x: any) => x.from)).toEqual([100]);
    const byRange = await q({ number: { filterType: 'number', type: 'inRange', filter: 10, filterTo: 150 } });
    expect(byRange.body.rows.map((x: any) => x.from)).toEqual([100, 11, 1]);
    const byParams = await owner.api.get('/invoice/stamp/grid', { startRow: 0, number_from: 150, number_to: 300 });
    expect(byParams.body.rows.map((x: any) => x.from)).toEqual([200]);
    const byDate = await q({ logged_at: { filterType: 'date', type: 'equals', dateFrom: `${today} 00:00:00` } });
    expect(byDate.body.count).toBe(4);
    const notToday = await q({ logged_at: { filterType: 'date', type: 'lessThan', dateFrom: today } });
    expect(notToday.body.count).toBe(0);
    const sorted = await q({}, [{ colId: 'from', sort: 'asc' }]);
    expect(sorted.body.rows.map((x: any) => x.from)).toEqual([1, 11, 100, 200]);
    const unknown = await q({ secret: { filterType: 'text', filter: 'x' } });
    expect(unknown.status).toBe(400);

    // undone destroys leave the current log, and show with include_released
    const [latest] = (await owner.api.get('/stamp/destroyed')).body;
    await owner.api.del(`/stamp/undo-destroy?ids=${latest.id}`);
    expect((await q({})).body.count).toBe(3);
    const history = await owner.api.get('/invoice/stamp/grid', { startRow: 0, include_released: true });
    expect(history.body.count).toBe(4);
    expect(history.body.rows[0].released_at).toBeTruthy();

    const csv = await owner.api.get('/stamp/download', {
      filterModel: { status: { filterType: 'text', type: 'equals', filter: 'INVOICED' } },
      sortModel: [{ colId: 'from', sort: 'asc' }],
    });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Logged At,Prefix,From,To,Count,Status,Invoice,Note,User,Released At');
    expect(lines.slice(1).map((l: string) => l.split(',').slice(2, 8))).toEqual([
      ['L', 'L1', 'L10', '10', 'INVOICED', '3001'],
      ['L', 'L11', 'L12', '2', 'INVOICED', '3002B'],
    ]);
    const otherGrid = await other.api.get('/invoice/stamp/grid', { startRow: 0 });
    expect(otherGrid.body.rows.map((x: any) => x.roll_id)).toEqual([ro.id]);
    const otherCsv = await other.api.get('/stamp/download');
    expect(otherCsv.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('requires a token', async () => {
    const owner = await signUpCompany(t.ctx);
    const { client } = await import('../../../test/helpers.js');
    for (const url of ['/stamp/roll', '/stamp/remaining', '/stamp/destroyed', '/invoice/stamp/grid', '/stamp/download'])
      expect((await client(t.ctx).get(url)).status).toBe(401);
    expect(owner.token).toBeTruthy();
  });
});
