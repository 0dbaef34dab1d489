/**
 * A company set up for fintech and MPower against the local simulators: the features on, the
 * company's and a customer's fintech ids, API keys, a wine product and an invoice (wine: no stamps).
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AppConfig } from '../src/config.js';
import type { PartnerSimulator } from '../src/integrations/partner-simulator.js';
import { saveIntegrationCredentials } from '../src/modules/integrations/credentials.service.js';
import { line, makeCompany, makeCustomer, makeInvoice, makeProduct } from './factories.js';
import { activateFeature, createTestApp, type SignedUp, type TestContext } from './helpers.js';

/**
 * The test file's app talking to a partner's simulator (`partner` gives the app its URL), with
 * short waits so that retries and timeouts take well under a second each. The simulator forgets
 * its invoices and faults before each test.
 */
export function useAppWithSimulator<S extends PartnerSimulator<unknown>>(
  start: () => Promise<S>,
  partner: (sim: S) => Partial<AppConfig>,
  retry: { attempts: number },
): { ctx: TestContext; sim: S } {
  const t = {} as { ctx: TestContext; sim: S };
  beforeAll(async () => {
    t.sim = await start();
    t.ctx = await createTestApp({
      ...partner(t.sim),
      // long enough for a loaded machine: a first attempt that timed out under CI's load was retried
      // and answered as the duplicate it was (mpower.test saw no 'items'); the timeout tests shorten
      // it for themselves (withPartnerTimeout)
      integrationTimeoutMs: 8000,
      integrationRetry: { attempts: retry.attempts, baseDelayMs: 20, maxRetryAfterMs: 3000 },
    });
  });
  afterAll(async () => {
    await t.ctx?.close();
    await t.sim?.close();
  });
  beforeEach(() => t.sim.control.reset());
  return t;
}

/** Runs `fn` with every partner call timing out after `ms` (the tests of timeouts). */
export async function withPartnerTimeout<T>(ctx: TestContext, ms: number, fn: () => Promise<T>): Promise<T> {
  const { config } = ctx.app.deps;
  const before = config.integrationTimeoutMs;
  config.integrationTimeoutMs = ms;
  try {
    return await fn();
  } finally {
    config.integrationTimeoutMs = before;
  }
}

export interface FintechSetup {
  owner: SignedUp;
  customer: Awaited<ReturnType<typeof makeCustomer>>;
  product: Awaited<ReturnType<typeof makeProduct>>;
  invoice: { id: number; number: number; beer: boolean; total: number };
}

export async function fintechCompany(
  ctx: TestContext,
  opts: {
    companyFintechId?: string;
    hasFintech?: boolean;
    customer?: Record<string, unknown>;
    key?: string | null;
  } = {},
): Promise<FintechSetup> {
  const owner = await makeCompany(ctx, {
    has_fintech: opts.hasFintech ?? true,
    fintech_id: opts.companyFintechId ?? 'DIST-77',
  });
  await activateFeature(ctx, owner.companyId, 'fintech');
  await activateFeature(ctx, owner.companyId, 'mpower');
  if (opts.key !== null) {
    await saveIntegrationCredentials(ctx.database.db, owner.companyId, 'fintech', { api_key: opts.key ?? 'key-0001' });
    await saveIntegrationCredentials(ctx.database.db, owner.companyId, 'mpower', { api_key: opts.key ?? 'key-0001' });
  }
  const customer = await makeCustomer(ctx, owner.companyId, {
    name: 'Broken Spoke Saloon',
    fintech_option: true,
    fintech_id: 'RTL-9',
    ...opts.customer,
  });
  const product = await makeProduct(ctx, owner.companyId, {
    product: 'BECKER CABERNET',
    product_type: 'WINE',
    product_size: '750ML',
    upc: '089046000113',
  });
  const invoice = await makeInvoice(owner, {
    customerId: customer.id,
    invoiced_at: '2026-11-02',
    due_at: null,
    status: 'invoiced',
    items: [line(product.id, 2, '18.99')],
  });
  return { owner, customer, product, invoice };
}
