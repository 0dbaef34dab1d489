/**
 * The POS tests' app: Bottle POS and Clover simulators over HTTP and the real job queue, fast
 * retries; and a company set up to sync with one of them.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startSimulator as startBottlePos } from '../src/integrations/bottle-pos/simulator.js';
import { startSimulator as startClover } from '../src/integrations/clover/simulator.js';
import type { Simulator } from '../src/integrations/pos-simulator.js';
import { saveIntegrationCredentials } from '../src/modules/integrations/credentials.service.js';
import { syncLogs } from '../src/modules/integrations/integrations.tables.js';
import { JOB } from '../src/modules/integrations/pos-sync.service.js';
import { line, makeCompany, makeCustomer, makeProduct } from './factories.js';
import { activateFeature, createTestApp, type SignedUp, type TestContext } from './helpers.js';

export const JOB_NAMES = Object.values(JOB);

export interface PosApp {
  ctx: TestContext;
  bpos: Simulator;
  clover: Simulator;
}

/** Starts both simulators and an app with the job worker on, pointed at them. */
async function startPosApp(): Promise<PosApp> {
  const bpos = await startBottlePos();
  const clover = await startClover();
  const ctx = await createTestApp({
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
  return { ctx, bpos, clover };
}

async function stopPosApp(app: Partial<PosApp>) {
  await app.ctx?.close();
  await app.bpos?.close();
  await app.clover?.close();
}

/** The test file's POS app: started before its tests, simulators reset before each, closed after. */
export function usePosApp(): PosApp {
  const pos = {} as PosApp;
  beforeAll(async () => {
    Object.assign(pos, await startPosApp());
  });
  afterAll(() => stopPosApp(pos));
  beforeEach(() => {
    pos.bpos.control.reset();
    pos.clover.control.reset();
  });
  return pos;
}

/** Runs every queued POS job to the end. */
export const drain = (ctx: TestContext) => ctx.app.deps.jobs.drain(JOB_NAMES, 100_000);
export const messageOf = (r: { success_log: unknown; error_log: unknown }) =>
  ((r.success_log ?? r.error_log) as { message: string } | null)?.message ?? '';

/** A company with the partner's feature on, its API key, a customer and a product with a SKU. */
export async function posCompany(ctx: TestContext, partner: 'bottle_pos' | 'clover' = 'bottle_pos', apiKey = 'key-a') {
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

export async function saveInvoice(who: SignedUp, customerId: number, productId: number, qty = 2) {
  const res = await who.api.post('/invoice', {
    customer: { id: customerId },
    stamps: [],
    items: [line(productId, qty, '9.50')],
  });
  expect(res.status).toBe(200);
  return res.body as { id: number; number: number };
}

export async function logRows(ctx: TestContext, companyId: number, invoiceId?: number) {
  return ctx.database.db
    .select()
    .from(syncLogs)
    .where(and(eq(syncLogs.company_id, companyId), invoiceId ? eq(syncLogs.invoice_id, invoiceId) : undefined))
    .orderBy(syncLogs.id);
}
