/**
 * Bottle POS and Clover against their simulators over HTTP, through the real job queue: happy
 * path, 5xx then retry, 429 with Retry-After, timeouts, duplicate protection, restart mid-sync,
 * two processes running the nightly pull once, product pulls, tenant isolation.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { line, makeCompany, makeCustomer, makeProduct } from '../../../test/factories.js';
import { activateFeature, createTestApp, type SignedUp, type TestContext } from '../../../test/helpers.js';
import { createJobQueue } from '../../lib/jobs.js';
import { startSimulator as startBottlePos } from '../../integrations/bottle-pos/simulator.js';
import { startSimulator as startClover } from '../../integrations/clover/simulator.js';
import { createPosClient } from '../../integrations/pos-client.js';
import type { Simulator } from '../../integrations/pos-simulator.js';
import { activities } from '../activity/activity.tables.js';
import { jobs } from '../jobs/jobs.tables.js';
import { products } from '../products/products.tables.js';
import { saveIntegrationCredentials } from './credentials.service.js';
import { syncLogs } from './integrations.tables.js';
import { registerPosJobs } from './pos-jobs.js';
import { JOB, invoiceKey } from './pos-sync.service.js';

// real HTTP, real retries: generous on a loaded machine (nothing here asserts a duration's upper bound)
vi.setConfig({ testTimeout: 120_000 });

let ctx: TestContext;
let bpos: Simulator;
let clover: Simulator;
const JOB_NAMES = Object.values(JOB);

beforeAll(async () => {
  bpos = await startBottlePos();
  clover = await startClover();
  ctx = await createTestApp({
    bottlePosUrl: bpos.url,
    cloverUrl: clover.url,
    jobsWorker: true,
    jobsPollMs: 50,
    jobsRetryBaseMs: 20,
    // a loaded machine answers a first loopback call in ~0.5 s: keep the timeout well above that
    // (the timeout test lowers it)
    integrationTimeoutMs: 8000,
    jobsRetryLimit: 3,
  });
  // the first loopback call of a process is slow (connection pool, JIT): make it here, not in a test
  await Promise.all([fetch(`${bpos.url}/_control`), fetch(`${clover.url}/_control`)]);
});
afterAll(async () => {
  await ctx?.close();
  await bpos?.close();
  await clover?.close();
});
beforeEach(() => {
  bpos.control.reset();
  clover.control.reset();
});

const drain = () => ctx.app.deps.jobs.drain(JOB_NAMES, 100_000);
const messageOf = (r: { success_log: unknown; error_log: unknown }) =>
  ((r.success_log ?? r.error_log) as { message: string } | null)?.message ?? '';

async function posCompany(partner: 'bottle_pos' | 'clover' = 'bottle_pos', apiKey = 'key-a') {
  const owner = await makeCompany(ctx);
  await activateFeature(ctx, owner.companyId, partner);
  await saveIntegrationCredentials(ctx.database.db, owner.companyId, partner, {
    api_key: `${apiKey}-${owner.companyId}`,
  });
  const customer = await makeCustomer(ctx, owner.companyId);
  const product = await makeProduct(ctx, owner.companyId, {
    product_type: 'N/A',
    internal_sku: partner === 'clover' ? 'CLV-1000' : `SKU-${owner.companyId}`,
  });
  return { owner, customer, product };
}

async function saveInvoice(who: SignedUp, customerId: number, productId: number, qty = 2) {
  const res = await who.api.post('/invoice', {
    customer: { id: customerId },
    stamps: [],
    items: [line(productId, qty, '9.50')],
  });
  expect(res.status).toBe(200);
  return res.body as { id: number; number: number };
}

async function logRows(companyId: number, invoiceId?: number) {
  return ctx.database.db
    .select()
    .from(syncLogs)
    .where(and(eq(syncLogs.company_id, companyId), invoiceId ? eq(syncLogs.invoice_id, invoiceId) : undefined))
    .orderBy(syncLogs.id);
}

describe('Bottle POS invoice push', () => {
  it('pushes a saved invoice once, logs the call and shows it in the history and activity log', async () => {
    const { owner, customer, product } = await posCompany();
    const inv = await saveInvoice(owner, customer.id, product.id);
    await drain();
    const sent = bpos.control.state().invoices;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ number: String(inv.number), total: expect.any(String) });
    expect(sent[0].items[0]).toMatchObject({ sku: `SKU-${owner.companyId}`, qty: 2, price: '9.50' });
    const rows = await logRows(owner.companyId, inv.id);
    // (a first attempt may time out on a loaded machine; the retry then finds the key already used)
    expect(rows.at(-1)?.success).toBe(true);
    expect(messageOf(rows.at(-1) as (typeof rows)[number])).toMatch(`Invoice ${inv.number}`);

    const history = await owner.api.get('/bottle-pos/sync/history');
    expect(history.status).toBe(200);
    expect(history.body.lastSync).not.toBeNull();
    expect(history.body.failedInvoices).toEqual([]);
    const log = await owner.api.get(`/bottle-pos/sync-log/${rows[0].sync_id}`);
    expect(log.status).toBe(200);
    expect(log.body.at(-1)).toMatchObject({ type: 'invoice', success: true, error_log: null });
    const acts = await ctx.database.db.select().from(activities).where(eq(activities.company_id, owner.companyId));
    expect(acts.some((a) => a.module === 'BOTTLE_POS' && a.type === 'INVOICE_SYNC' && a.success)).toBe(true);
  });

  it('retries after a 5xx and the partner gets the invoice once', async () => {
    const { owner, customer, product } = await posCompany();
    bpos.control.fail(503, 2);
    const inv = await saveInvoice(owner, customer.id, product.id);
    await drain();
    expect(bpos.control.state().invoices).toHaveLength(1);
    const rows = await logRows(owner.companyId, inv.id);
    expect(rows.filter((r) => messageOf(r) === 'Bottle POS answered 503: Service unavailable')).toHaveLength(2);
    expect(rows.at(-1)?.success).toBe(true);
    expect((await owner.api.get('/bottle-pos/sync/history')).body.failedInvoices).toEqual([]);
  });

  it('waits at least the Retry-After of a 429 before retrying', async () => {
    const { owner, customer, product } = await posCompany();
    bpos.control.fail(429, 1, 1);
    const inv = await saveInvoice(owner, customer.id, product.id);
    await drain();
    const rows = await logRows(owner.companyId, inv.id);
    const limited = rows.findIndex((r) => messageOf(r) === 'Bottle POS answered 429: Too many requests');
    expect(limited).toBeGreaterThanOrEqual(0);
    expect(rows.at(-1)?.success).toBe(true);
    // the retry base is 20 ms here: only Retry-After (1 s) can explain the gap to the next call
    const next = rows[limited + 1];
    expect(next.created_at.getTime() - rows[limited].created_at.getTime()).toBeGreaterThanOrEqual(1000);
    expect(bpos.control.state().invoices).toHaveLength(1);
  });

  it('a timed-out push that reached the partner is not duplicated by the retry', async () => {
    const { owner, customer, product } = await posCompany();
    // every call answers after 1.5 s; the client gives up after 1 s, so each attempt fails
    ctx.app.deps.config.integrationTimeoutMs = 1000;
    bpos.control.delay(1500);
    const inv = await saveInvoice(owner, customer.id, product.id);
    await drain();
    const history = await owner.api.get('/bottle-pos/sync/history');
    expect(history.body.failedInvoices).toHaveLength(1);
    expect(history.body.failedInvoices[0]).toMatchObject({ invoice_id: inv.id, number: String(inv.number) });
    expect(history.body.failedInvoices[0].message).toBe('Bottle POS did not answer within 1 s');
    const failedJob = await ctx.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.data}->>'invoiceId' = ${String(inv.id)}`);
    expect(failedJob[0]).toMatchObject({ state: 'failed', attempts: 3 });
    // the partner did store the first attempt before our client gave up
    await new Promise((r) => setTimeout(r, 1600));
    ctx.app.deps.config.integrationTimeoutMs = 8000;
    expect(bpos.control.state().invoices).toHaveLength(1);

    // Retry from the table (filterModel id): the partner refuses the duplicate key, we count it as done
    bpos.control.delay(0);
    const retry = await owner.api.get('/bottle-pos/sync-invoices', { filterModel: { id: inv.id } });
    expect(retry.status).toBe(200);
    expect(retry.body.queued).toBe(1);
    await drain();
    expect(bpos.control.state().invoices).toHaveLength(1);
    expect(bpos.control.state().duplicates).toBeGreaterThanOrEqual(1);
    expect((await owner.api.get('/bottle-pos/sync/history')).body.failedInvoices).toEqual([]);
  });

  it('a refused key fails at once with the partner message, in the history and the activity log', async () => {
    const owner = await makeCompany(ctx);
    await activateFeature(ctx, owner.companyId, 'bottle_pos');
    await saveIntegrationCredentials(ctx.database.db, owner.companyId, 'bottle_pos', { api_key: 'invalid' });
    const customer = await makeCustomer(ctx, owner.companyId);
    const product = await makeProduct(ctx, owner.companyId, { product_type: 'N/A' });
    const inv = await saveInvoice(owner, customer.id, product.id);
    await drain();
    const rows = await logRows(owner.companyId, inv.id);
    // a 401 is not retried
    expect(rows.filter((r) => messageOf(r) === 'Bottle POS answered 401: Invalid API key')).toHaveLength(1);
    expect(rows.at(-1)?.success).toBe(false);
    const history = await owner.api.get('/bottle-pos/sync/history');
    expect(history.body.failedInvoices[0].message).toBe('Bottle POS answered 401: Invalid API key');
    const acts = await ctx.database.db.select().from(activities).where(eq(activities.company_id, owner.companyId));
    expect(acts.some((a) => a.module === 'BOTTLE_POS' && a.type === 'INVOICE_SYNC' && !a.success)).toBe(true);
  });

  it('a restarted worker resumes a job left mid-push and pushes nothing twice', async () => {
    const { owner, customer, product } = await posCompany();
    // the worker is down while the invoice is saved: its job waits in the table
    await ctx.app.deps.jobs.stop();
    try {
      const inv = await saveInvoice(owner, customer.id, product.id);
      const [job] = await ctx.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.data}->>'invoiceId' = ${String(inv.id)}`);
      // a worker claimed it, its push reached Bottle POS, then the process died before recording it
      await ctx.database.db
        .update(jobs)
        .set({ state: 'active', attempts: 1, locked_until: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, job.id));
      const [row] = await ctx.database.db
        .select({ updated_at: sql<Date>`updated_at` })
        .from(sql`invoices`)
        .where(sql`id = ${inv.id}`);
      const key = invoiceKey('bottle_pos', { id: inv.id, updated_at: new Date(row.updated_at) });
      const client = createPosClient({
        partner: 'Bottle POS',
        baseUrl: bpos.url,
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
      expect(bpos.control.state().invoices).toHaveLength(1);
      // the restart: the worker claims the job whose lease ran out
      ctx.app.deps.jobs.start();
      await drain();
      const [done] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(done).toMatchObject({ state: 'completed', attempts: 2 });
      expect(bpos.control.state().invoices).toHaveLength(1);
      expect(bpos.control.state().duplicates).toBe(1);
    } finally {
      ctx.app.deps.jobs.start();
    }
  });

  it('answers 403 with the feature off and 400 without an API key', async () => {
    const owner = await makeCompany(ctx);
    const off = await owner.api.get('/bottle-pos/sync/history');
    expect(off.status).toBe(403);
    await activateFeature(ctx, owner.companyId, 'bottle_pos');
    const noKey = await owner.api.get('/bottle-pos/sync-invoices');
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe('Bottle POS is not set up: enter its API key in Settings');
    const bad = await owner.api.get('/bottle-pos/sync-log/not-a-uuid');
    expect(bad.status).toBe(400);
    const badFilter = await owner.api.get('/bottle-pos/sync-invoices', { filterModel: '{"id":"x"}' });
    expect(badFilter.status).toBe(400);
  });

  it('keeps every company to its own syncs, logs and invoices', async () => {
    const a = await posCompany();
    const b = await posCompany();
    const inv = await saveInvoice(a.owner, a.customer.id, a.product.id);
    await drain();
    const [row] = await logRows(a.owner.companyId, inv.id);
    expect((await b.owner.api.get(`/bottle-pos/sync-log/${row.sync_id}`)).status).toBe(404);
    expect((await b.owner.api.get('/bottle-pos/sync-invoices', { filterModel: { id: inv.id } })).status).toBe(404);
    const exp = await b.owner.api.get('/bottle-pos/export-invoices');
    expect(exp.body).toEqual([]);
    // each company's key reaches the partner as its own merchant
    expect(bpos.control.state().invoices.map((i) => i.merchant)).toEqual([`key-a-${a.owner.companyId}`]);
  });

  it('exports the filtered invoices as a JSON file with their sync state', async () => {
    const { owner, customer, product } = await posCompany();
    const first = await saveInvoice(owner, customer.id, product.id);
    await drain();
    bpos.control.fail(422, 1);
    const second = await saveInvoice(owner, customer.id, product.id, 3);
    await drain();
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

describe('product pulls', () => {
  it('creates then updates the partner products; onlyFirstChunk pulls one page', async () => {
    const { owner } = await posCompany();
    const many = Array.from({ length: 130 }, (_, i) => ({
      id: `p${i}`,
      sku: `BP-${i}`,
      name: `Pulled Product ${i}`,
      size: '750ml',
      type: 'LIQUOR',
      upc: null,
      price: '10.00',
      cost: '7.00',
    }));
    bpos.control.setProducts(many);
    const first = await owner.api.get('/bottle-pos/sync-products', { onlyFirstChunk: 'true' });
    expect(first.status).toBe(200);
    await drain();
    const count = async () =>
      (
        await ctx.database.db
          .select()
          .from(products)
          .where(and(eq(products.company_id, owner.companyId), sql`${products.internal_sku} like 'BP-%'`))
      ).length;
    expect(await count()).toBe(100);
    many[0].price = '12.34';
    bpos.control.setProducts(many);
    const all = await owner.api.get('/bottle-pos/sync-products');
    await drain();
    expect(await count()).toBe(130);
    const [p0] = await ctx.database.db
      .select()
      .from(products)
      .where(and(eq(products.company_id, owner.companyId), eq(products.internal_sku, 'BP-0')));
    expect(p0).toMatchObject({ product: 'PULLED PRODUCT 0', product_size: '750ML', product_price: '12.34' });
    const log = await owner.api.get(`/bottle-pos/sync-log/${all.body.sync_id}`);
    expect(log.body.at(-1).success_log.message).toBe('Products synced: 30 created, 100 updated');
    // our catalogue still refuses to create products while Bottle POS owns it
    const create = await owner.api.post('/product', {
      product: 'X',
      product_type: 'LIQUOR',
      product_size: '1L',
      product_price: 1,
    });
    expect(create.status).toBe(400);
  });

  it('a failed product pull shows in failedProductSyncLog', async () => {
    const { owner } = await posCompany();
    bpos.control.fail(500, 10);
    const res = await owner.api.get('/bottle-pos/sync-products');
    await drain();
    const history = await owner.api.get('/bottle-pos/sync/history');
    expect(history.body.failedProductSyncLog.map((f: { sync_id: string }) => f.sync_id)).toEqual([res.body.sync_id]);
  });

  it('two server processes run the nightly pull once per slot', async () => {
    const { owner } = await posCompany();
    // forget the slot's run (this file's app ran it at start), then three processes race for it
    await ctx.database.db.delete(jobs).where(eq(jobs.name, JOB.nightly));
    // two more workers with the same handlers on the same database, as other server processes are
    const [x, y] = [1, 2].map(() => {
      const q = createJobQueue(ctx.database.db, { pollMs: 50, retryBaseMs: 20 });
      registerPosJobs({ ...ctx.app.deps, jobs: q });
      return q;
    });
    try {
      await Promise.all([x.tick(), y.tick(), ctx.app.deps.jobs.tick()]);
      x.start();
      y.start();
      await x.drain(JOB_NAMES, 100_000);
      await drain();
    } finally {
      await Promise.all([x.stop(), y.stop()]);
    }
    const nightly = await ctx.database.db.select().from(jobs).where(eq(jobs.name, JOB.nightly));
    expect(nightly).toHaveLength(1);
    expect(nightly[0].state).toBe('completed');
    const pulls = (await logRows(owner.companyId)).filter(
      (r) =>
        r.type === 'product' && (r.success_log as { message?: string } | null)?.message?.startsWith('Products synced'),
    );
    expect(pulls).toHaveLength(1);
  });

  it('a schedule fires once per slot across queues, in the business time zone', async () => {
    const name = `test.nightly.${process.pid}.${Date.now()}`;
    // 2026-07-15 02:30 in Chicago (CDT, UTC-5)
    const now = () => new Date('2026-07-15T07:30:00Z');
    let runs = 0;
    const queues = [1, 2, 3].map(() => {
      const q = createJobQueue(ctx.database.db, { now, pollMs: 20 });
      q.schedule(name, '0 2 * * *', 'America/Chicago');
      q.work(name, async () => {
        runs++;
      });
      return q;
    });
    await Promise.all(queues.map((q) => q.tick()));
    await queues[0].drain([name]);
    await Promise.all(queues.map((q) => q.stop()));
    expect(runs).toBe(1);
    const rows = await ctx.database.db.select().from(jobs).where(eq(jobs.name, name));
    expect(rows.map((r) => r.singleton_key)).toEqual([`${name}@2026-07-15T07:00:00.000Z`]);
  });
});

describe('Clover', () => {
  it('pushes the stock of a new invoice and reports the products Clover did not update', async () => {
    const { owner, customer, product } = await posCompany('clover');
    const unknown = await makeProduct(ctx, owner.companyId, { product_type: 'N/A', internal_sku: 'NOT-IN-CLOVER' });
    const res = await owner.api.post('/invoice', {
      customer: { id: customer.id },
      stamps: [],
      items: [line(product.id, 4, '9.50'), line(unknown.id, 1, '3.00')],
    });
    expect(res.status).toBe(200);
    await drain();
    expect(clover.control.state().stock).toEqual([
      { key: expect.any(String), items: [{ sku: 'CLV-1000', delta: -4 }] },
    ]);
    const history = await owner.api.get('/clover/sync/history');
    expect(history.body.failedInvoices).toHaveLength(1);
    expect(history.body.failedInvoices[0].message).toBe(`${unknown.product} has not been updated in Clover`);
    const acts = await ctx.database.db.select().from(activities).where(eq(activities.company_id, owner.companyId));
    expect(acts.some((a) => a.module === 'CLOVER' && a.type === 'INVOICE_SYNC')).toBe(true);
  });

  it('pulls Clover products on Sync Products', async () => {
    const { owner } = await posCompany('clover');
    const res = await owner.api.get('/clover/sync-products');
    await drain();
    const log = await owner.api.get(`/clover/sync-log/${res.body.sync_id}`);
    expect(log.status).toBe(200);
    expect(log.body.at(-1).success_log.message).toMatch(/^Products synced: \d+ created, \d+ updated$/);
    // Bottle POS pages are not Clover's
    expect((await owner.api.get('/bottle-pos/sync/history')).status).toBe(403);
  });
});
