/**
 * POS product pulls (Bottle POS and Clover) against their simulators: creates and updates,
 * failures, two processes running the nightly pull once, schedules; Clover stock pushes.
 */
import { BUSINESS_TZ } from '@dbo/domain/dates';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { line, makeProduct } from '../../../test/factories.js';
import { createJobQueue, lastSlot } from '../../lib/jobs.js';
import { activities } from '../activity/activity.tables.js';
import { jobs } from '../../lib/jobs.tables.js';
import { products } from '../products/products.tables.js';
import { companyIntegrations } from './integrations.tables.js';
import { registerPosJobs } from './pos-jobs.js';
import { saveIntegrationCredentials } from './credentials.service.js';
import { JOB } from './pos-sync.service.js';
import { drain, JOB_NAMES, logRows, posCompany, saveInvoice, usePosApp } from '../../../test/pos-fixtures.js';

// real HTTP, real retries: generous on a loaded machine (nothing here asserts a duration's upper bound)
vi.setConfig({ testTimeout: 120_000 });

const pos = usePosApp();

describe('product pulls', () => {
  it('creates then updates the partner products; onlyFirstChunk pulls one page', async () => {
    const { owner } = await posCompany(pos.ctx);
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
    pos.bpos.control.setProducts(many);
    const first = await owner.api.get('/bottle-pos/sync-products', { onlyFirstChunk: 'true' });
    expect(first.status).toBe(200);
    await drain(pos.ctx);
    const count = async () =>
      (
        await pos.ctx.database.db
          .select()
          .from(products)
          .where(and(eq(products.company_id, owner.companyId), sql`${products.internal_sku} like 'BP-%'`))
      ).length;
    expect(await count()).toBe(100);
    many[0].price = '12.34';
    pos.bpos.control.setProducts(many);
    const all = await owner.api.get('/bottle-pos/sync-products');
    await drain(pos.ctx);
    expect(await count()).toBe(130);
    const [p0] = await pos.ctx.database.db
      .select()
      .from(products)
      .where(and(eq(products.company_id, owner.companyId), eq(products.internal_sku, 'BP-0')));
    expect(p0).toMatchObject({ product: 'PULLED PRODUCT 0', product_size: '750ML', product_price: '12.34' });
    const log = await owner.api.get(`/bottle-pos/sync-log/${all.body.sync_id}`);
    // every sync ends with its summary (issue 30): the one changed price, the rest unchanged
    expect(all.body.summary).toEqual({ created: 30, updated: 1, unchanged: 99, conflicts: 0, failed: 0 });
    expect(log.body.at(-1).success_log.message).toBe(
      'Products synced: 30 created, 1 updated, 99 unchanged, 0 conflicts',
    );
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
    const { owner } = await posCompany(pos.ctx);
    pos.bpos.control.fail(500, 10);
    const emit = vi.spyOn(pos.ctx.app.deps, 'emit');
    try {
      const res = await owner.api.get('/bottle-pos/sync-products');
      // not reached: the pull is left to a queued retry
      expect(res.body).toMatchObject({ queued: 1, summary: null });
      await drain(pos.ctx);
      const history = await owner.api.get('/bottle-pos/sync/history');
      expect(history.body.failedProductSyncLog.map((f: { sync_id: string }) => f.sync_id)).toEqual([res.body.sync_id]);
      // the retried pull that failed ends with a toast too (issue 36: every sync ends with one)
      expect(emit).toHaveBeenCalledWith(
        owner.companyId,
        'bottle-pos:invoice-sync-error',
        expect.objectContaining({ sync_id: res.body.sync_id, message: 'Bottle POS product sync failed' }),
      );
    } finally {
      emit.mockRestore();
    }
  });

  it('two server processes run the nightly pull once per slot', async () => {
    const { owner } = await posCompany(pos.ctx);
    // another company's key was sealed under another secret: its pull fails, not the nightly run
    const { owner: unreadable } = await posCompany(pos.ctx);
    await pos.ctx.database.db
      .update(companyIntegrations)
      .set({ api_key_sealed: 'v1:c2VhbGVkIHVuZGVyIGFub3RoZXIgc2VjcmV0LCBsb25nIGVub3VnaA==' })
      .where(eq(companyIntegrations.company_id, unreadable.companyId));
    // forget the slot's run (this file's app ran it at start), then three processes race for it
    await pos.ctx.database.db.delete(jobs).where(eq(jobs.name, JOB.nightly));
    // Their clock reads an hour after the latest 02:00 slot, so the slot is due at any time of day:
    // on the real clock it is not between 01:00 and 02:00, when the slot is 23 h old, too old to
    // catch up. All three share that clock (one on the real clock would take the others' leases,
    // written in the shifted time, for expired), so this file's app stops its worker meanwhile.
    await pos.ctx.app.deps.jobs.stop();
    const slot = lastSlot(new Date(), 2, 0, BUSINESS_TZ);
    const shift = Date.now() - (slot.getTime() + 3600_000);
    const now = () => new Date(Date.now() - shift);
    // three workers with the same handlers on the same database, as three server processes are
    const racers = [1, 2, 3].map(() => {
      const q = createJobQueue(pos.ctx.database.db, { now, pollMs: 50, retryBaseMs: 20 });
      registerPosJobs({ ...pos.ctx.app.deps, jobs: q });
      return q;
    });
    try {
      await Promise.all(racers.map((q) => q.tick()));
      for (const q of racers) q.start();
      await racers[0].drain(JOB_NAMES, 100_000);
    } finally {
      await Promise.all(racers.map((q) => q.stop()));
      pos.ctx.app.deps.jobs.start();
    }
    const nightly = await pos.ctx.database.db.select().from(jobs).where(eq(jobs.name, JOB.nightly));
    expect(nightly).toHaveLength(1);
    expect(nightly[0].state).toBe('completed');
    const pulls = (await logRows(pos.ctx, owner.companyId)).filter(
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
      const q = createJobQueue(pos.ctx.database.db, { now, pollMs: 20 });
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
    const rows = await pos.ctx.database.db.select().from(jobs).where(eq(jobs.name, name));
    expect(rows.map((r) => r.singleton_key)).toEqual([`${name}@2026-07-15T07:00:00.000Z`]);
  });
});

describe('Clover', () => {
  it('pushes the stock of a new invoice and reports the products Clover did not update', async () => {
    const { owner, customer, product } = await posCompany(pos.ctx, 'clover');
    const unknown = await makeProduct(pos.ctx, owner.companyId, { product_type: 'N/A', internal_sku: 'NOT-IN-CLOVER' });
    const res = await owner.api.post('/invoice', {
      customer: { id: customer.id },
      stamps: [],
      items: [line(product.id, 4, '9.50'), line(unknown.id, 1, '3.00')],
    });
    expect(res.status).toBe(200);
    await drain(pos.ctx);
    expect(pos.clover.control.state().stock).toEqual([
      { key: expect.any(String), items: [{ sku: 'CLV-1000', delta: -4 }] },
    ]);
    const history = await owner.api.get('/clover/sync/history');
    expect(history.body.failedInvoices).toHaveLength(1);
    expect(history.body.failedInvoices[0].message).toBe(`${unknown.product} has not been updated in Clover`);
    const acts = await pos.ctx.database.db.select().from(activities).where(eq(activities.company_id, owner.companyId));
    expect(acts.some((a) => a.module === 'CLOVER' && a.type === 'INVOICE_SYNC')).toBe(true);
    // the invoice answers what Clover took and what not (cloverApiRequestLog)
    const inv = await owner.api.get(`/invoice/${res.body.id}?by=id`);
    expect(inv.body.cloverApiRequestLog).toEqual([
      { success: true, cloverProduct: { sku: 'CLV-1000', product: product.product } },
      { success: false, cloverProduct: { sku: 'NOT-IN-CLOVER', product: unknown.product } },
    ]);
  });

  it('a failed Clover push records the invoice number, not its id, in the activity log', async () => {
    const { owner, customer, product } = await posCompany(pos.ctx, 'clover');
    await saveIntegrationCredentials(pos.ctx.database.db, owner.companyId, 'clover', { api_key: 'invalid' });
    const inv = await saveInvoice(owner, customer.id, product.id);
    // (ids run across every company of the test database: this company's first number is not its id)
    expect(inv.id).not.toBe(inv.number);
    await drain(pos.ctx);
    const acts = await pos.ctx.database.db.select().from(activities).where(eq(activities.company_id, owner.companyId));
    const failed = acts.find((a) => a.module === 'CLOVER' && a.type === 'INVOICE_SYNC' && !a.success);
    expect(failed?.info).toMatchObject({ invoiceId: inv.id, invoiceNumber: String(inv.number) });
  });

  it('pulls Clover products on Sync Products', async () => {
    const { owner } = await posCompany(pos.ctx, 'clover');
    const res = await owner.api.get('/clover/sync-products');
    await drain(pos.ctx);
    const log = await owner.api.get(`/clover/sync-log/${res.body.sync_id}`);
    expect(log.status).toBe(200);
    expect(log.body.at(-1).success_log.message).toMatch(
      /^Products synced: \d+ created, \d+ updated, \d+ unchanged, \d+ conflicts?$/,
    );
    // Bottle POS pages are not Clover's
    expect((await owner.api.get('/bottle-pos/sync/history')).status).toBe(403);
  });
});
