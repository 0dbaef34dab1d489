/**
 * Bottle POS invoice pushes against its simulator over HTTP, through the real job queue: happy
 * path, 5xx then retry, 429 with Retry-After, timeouts, duplicate protection, restart mid-sync,
 * tenant isolation, the JSON export.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { makeCompany, makeCustomer, makeProduct } from '../../../test/factories.js';
import { activateFeature } from '../../../test/helpers.js';
import { createPosClient } from '../../integrations/pos-client.js';
import { activities } from '../activity/activity.tables.js';
import { jobs } from '../../lib/jobs.tables.js';
import { saveIntegrationCredentials } from './credentials.service.js';
import { invoiceKey } from './pos-sync.service.js';
import { drain, logRows, messageOf, posCompany, saveInvoice, usePosApp } from '../../../test/pos-fixtures.js';

// real HTTP, real retries: generous on a loaded machine (nothing here asserts a duration's upper bound)
vi.setConfig({ testTimeout: 120_000 });

const pos = usePosApp();

describe('Bottle POS invoice push', () => {
  it('pushes a saved invoice once, logs the call and shows it in the history and activity log', async () => {
    const { owner, customer, product } = await posCompany(pos.ctx);
    const inv = await saveInvoice(owner, customer.id, product.id);
    await drain(pos.ctx);
    const sent = pos.bpos.control.state().invoices;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ number: String(inv.number), total: expect.any(String) });
    expect(sent[0].items[0]).toMatchObject({ sku: `SKU-${owner.companyId}`, qty: 2, price: '9.50' });
    const rows = await logRows(pos.ctx, owner.companyId, inv.id);
    // (a first attempt may time out on a loaded machine; the retry then finds the key already used)
    expect(rows.at(-1)?.success).toBe(true);
    expect(messageOf(rows.at(-1) as (typeof rows)[number])).toMatch(`Invoice ${inv.number}`);

    const history = await owner.api.get('/bottle-pos/sync/history');
    expect(history.status).toBe(200);
    expect(history.body.lastSync).not.toBeNull();
    expect(history.body.failedInvoices).toEqual([]);
    // the history lists every run, the successful one too
    expect(history.body.runs).toEqual([
      expect.objectContaining({
        sync_id: rows[0].sync_id,
        type: 'invoice',
        success: true,
        message: expect.stringMatching(`Invoice ${inv.number}`),
      }),
    ]);
    const log = await owner.api.get(`/bottle-pos/sync-log/${rows[0].sync_id}`);
    expect(log.status).toBe(200);
    expect(log.body.at(-1)).toMatchObject({ type: 'invoice', success: true, error_log: null });
    const acts = await pos.ctx.database.db.select().from(activities).where(eq(activities.company_id, owner.companyId));
    expect(acts.some((a) => a.module === 'BOTTLE_POS' && a.type === 'INVOICE_SYNC' && a.success)).toBe(true);
  });

  it('retries after a 5xx and the partner gets the invoice once', async () => {
    const { owner, customer, product } = await posCompany(pos.ctx);
    pos.bpos.control.fail(503, 2);
    const inv = await saveInvoice(owner, customer.id, product.id);
    await drain(pos.ctx);
    expect(pos.bpos.control.state().invoices).toHaveLength(1);
    const rows = await logRows(pos.ctx, owner.companyId, inv.id);
    expect(rows.filter((r) => messageOf(r) === 'Bottle POS answered 503: Service unavailable')).toHaveLength(2);
    expect(rows.at(-1)?.success).toBe(true);
    expect((await owner.api.get('/bottle-pos/sync/history')).body.failedInvoices).toEqual([]);
  });

  it('waits at least the Retry-After of a 429 before retrying', async () => {
    const { owner, customer, product } = await posCompany(pos.ctx);
    pos.bpos.control.fail(429, 1, 1);
    const inv = await saveInvoice(owner, customer.id, product.id);
    await drain(pos.ctx);
    const rows = await logRows(pos.ctx, owner.companyId, inv.id);
    const limited = rows.findIndex((r) => messageOf(r) === 'Bottle POS answered 429: Too many requests');
    expect(limited).toBeGreaterThanOrEqual(0);
    expect(rows.at(-1)?.success).toBe(true);
    // the retry base is 20 ms here: only Retry-After (1 s) can explain the gap to the next call
    const next = rows[limited + 1];
    expect(next.created_at.getTime() - rows[limited].created_at.getTime()).toBeGreaterThanOrEqual(1000);
    expect(pos.bpos.control.state().invoices).toHaveLength(1);
  });

  it('a timed-out push that reached the partner is not duplicated by the retry', async () => {
    const { owner, customer, product } = await posCompany(pos.ctx);
    // every call answers after 1.5 s; the client gives up after 1 s, so each attempt fails
    pos.ctx.app.deps.config.integrationTimeoutMs = 1000;
    pos.bpos.control.delay(1500);
    const inv = await saveInvoice(owner, customer.id, product.id);
    await drain(pos.ctx);
    const history = await owner.api.get('/bottle-pos/sync/history');
    expect(history.body.failedInvoices).toHaveLength(1);
    expect(history.body.failedInvoices[0]).toMatchObject({ invoice_id: inv.id, number: String(inv.number) });
    expect(history.body.failedInvoices[0].message).toBe('Bottle POS did not answer within 1 s');
    const failedJob = await pos.ctx.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.data}->>'invoiceId' = ${String(inv.id)}`);
    expect(failedJob[0]).toMatchObject({ state: 'failed', attempts: 3 });
    // the partner did store the first attempt before our client gave up
    await new Promise((r) => setTimeout(r, 1600));
    pos.ctx.app.deps.config.integrationTimeoutMs = 8000;
    expect(pos.bpos.control.state().invoices).toHaveLength(1);

    // Retry from the table (filterModel id): the partner refuses the duplicate key, we count it as done
    pos.bpos.control.delay(0);
    const retry = await owner.api.get('/bottle-pos/sync-invoices', { filterModel: { id: inv.id } });
    expect(retry.status).toBe(200);
    expect(retry.body.queued).toBe(1);
    await drain(pos.ctx);
    expect(pos.bpos.control.state().invoices).toHaveLength(1);
    expect(pos.bpos.control.state().duplicates).toBeGreaterThanOrEqual(1);
    expect((await owner.api.get('/bottle-pos/sync/history')).body.failedInvoices).toEqual([]);
  });

  it('a refused key fails at once with the partner message, in the history and the activity log', async () => {
    const owner = await makeCompany(pos.ctx);
    await activateFeature(pos.ctx, owner.companyId, 'bottle_pos');
    await saveIntegrationCredentials(pos.ctx.database.db, owner.companyId, 'bottle_pos', { api_key: 'invalid' });
    const customer = await makeCustomer(pos.ctx, owner.companyId);
    const product = await makeProduct(pos.ctx, owner.companyId, { product_type: 'N/A' });
    const inv = await saveInvoice(owner, customer.id, product.id);
    await drain(pos.ctx);
    const rows = await logRows(pos.ctx, owner.companyId, inv.id);
    // a 401 is not retried
    expect(rows.filter((r) => messageOf(r) === 'Bottle POS answered 401: Invalid API key')).toHaveLength(1);
    expect(rows.at(-1)?.success).toBe(false);
    const history = await owner.api.get('/bottle-pos/sync/history');
    expect(history.body.failedInvoices[0].message).toBe('Bottle POS answered 401: Invalid API key');
    const acts = await pos.ctx.database.db.select().from(activities).where(eq(activities.company_id, owner.companyId));
    expect(acts.some((a) => a.module === 'BOTTLE_POS' && a.type === 'INVOICE_SYNC' && !a.success)).toBe(true);
  });

  it('a restarted worker resumes a job left mid-push and pushes nothing twice', async () => {
    const { owner, customer, product } = await posCompany(pos.ctx);
    // the worker is down while the invoice is saved: its job waits in the table
    await pos.ctx.app.deps.jobs.stop();
    try {
      const inv = await saveInvoice(owner, customer.id, product.id);
      const [job] = await pos.ctx.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.data}->>'invoiceId' = ${String(inv.id)}`);
      // a worker claimed it, its push reached Bottle POS, then the process died before recording it
      await pos.ctx.database.db
        .update(jobs)
        .set({ state: 'active', attempts: 1, locked_until: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, job.id));
      const [row] = await pos.ctx.database.db
        .select({ updated_at: sql<Date>`updated_at` })
        .from(sql`invoices`)
        .where(sql`id = ${inv.id}`);
      const key = invoiceKey('bottle_pos', { id: inv.id, updated_at: new Date(row.updated_at) });
      const client = createPosClient({
        partner: 'Bottle POS',
        baseUrl: pos.bpos.url,
        apiKey: `key-a-${owner.companyId}`,
        timeoutMs: 1000,
      });
      await client.pushInvoice(key, {
        number: String(inv.number),
        date: '2026-01-01',
        customer: 'x',
        total: '19.00',
        items: [{ sku: 's', name: 'n', qty: 1, price: '1.00' }],
      });
      expect(pos.bpos.control.state().invoices).toHaveLength(1);
      // the restart: the worker claims the job whose lease ran out
      pos.ctx.app.deps.jobs.start();
      await drain(pos.ctx);
      const [done] = await pos.ctx.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(done).toMatchObject({ state: 'completed', attempts: 2 });
      expect(pos.bpos.control.state().invoices).toHaveLength(1);
      expect(pos.bpos.control.state().duplicates).toBe(1);
    } finally {
      pos.ctx.app.deps.jobs.start();
    }
  });

  it('tests a key when it is saved and says what the partner answered', async () => {
    const owner = await makeCompany(pos.ctx);
    const refused = await owner.api.put('/company/integration/bottle-pos', { api_key: 'invalid' });
    expect(refused.status).toBe(200);
    expect(refused.body.configured).toBe(true);
    expect(refused.body.test).toEqual({
      ok: false,
      message: 'Bottle POS API key saved, but the test failed: Bottle POS answered 401: Invalid API key',
    });
    const accepted = await owner.api.put('/company/integration/clover', { api_key: 'good-clover-key' });
    expect(accepted.body.test).toEqual({ ok: true, message: 'Clover API key saved and tested: Clover accepted it' });
    // a key test is no sync run
    expect(await logRows(pos.ctx, owner.companyId)).toEqual([]);
    const other = await owner.api.put('/company/integration/mpower', { api_key: 'mpower-key-123' });
    expect(other.body.test).toBeNull();
  });

  it('answers 403 with the feature off and 400 without an API key', async () => {
    const owner = await makeCompany(pos.ctx);
    const off = await owner.api.get('/bottle-pos/sync/history');
    expect(off.status).toBe(403);
    await activateFeature(pos.ctx, owner.companyId, 'bottle_pos');
    const noKey = await owner.api.get('/bottle-pos/sync-invoices');
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe('Bottle POS is not set up: enter its API key in Settings');
    const bad = await owner.api.get('/bottle-pos/sync-log/not-a-uuid');
    expect(bad.status).toBe(400);
    const badFilter = await owner.api.get('/bottle-pos/sync-invoices', { filterModel: '{"id":"x"}' });
    expect(badFilter.status).toBe(400);
  });

  it('keeps every company to its own syncs, logs and invoices', async () => {
    const a = await posCompany(pos.ctx);
    const b = await posCompany(pos.ctx);
    const inv = await saveInvoice(a.owner, a.customer.id, a.product.id);
    await drain(pos.ctx);
    const [row] = await logRows(pos.ctx, a.owner.companyId, inv.id);
    expect((await b.owner.api.get(`/bottle-pos/sync-log/${row.sync_id}`)).status).toBe(404);
    expect((await b.owner.api.get('/bottle-pos/sync-invoices', { filterModel: { id: inv.id } })).status).toBe(404);
    const exp = await b.owner.api.get('/bottle-pos/export-invoices');
    expect(exp.body).toEqual([]);
    // each company's key reaches the partner as its own merchant
    expect(pos.bpos.control.state().invoices.map((i) => i.merchant)).toEqual([`key-a-${a.owner.companyId}`]);
  });

  it('exports the filtered invoices as a JSON file with their sync state', async () => {
    const { owner, customer, product } = await posCompany(pos.ctx);
    const first = await saveInvoice(owner, customer.id, product.id);
    await drain(pos.ctx);
    pos.bpos.control.fail(422, 1);
    const second = await saveInvoice(owner, customer.id, product.id, 3);
    await drain(pos.ctx);
    const all = await owner.api.get('/bottle-pos/export-invoices');
    expect(all.status).toBe(200);
    expect(String(all.headers['content-disposition'])).toMatch(/^attachment; filename="bottle-pos-invoices-.*\.json"$/);
    expect(all.body.map((r: { number: string; sync_status: string }) => [r.number, r.sync_status])).toEqual([
      [String(first.number), 'synced'],
      [String(second.number), 'failed'],
    ]);
    const one = await owner.api.get('/bottle-pos/export-invoices', {
      filterModel: { number: { filterType: 'number', type: 'equals', filter: second.number } },
    });
    expect(one.body).toHaveLength(1);
    expect(one.body[0].items[0]).toMatchObject({ qty: 3, price: '9.50' });
  });
});
