/**
 * The Bottle POS / Clover job handlers: invoice push (Bottle POS), stock push (Clover), product
 * pull (both, on 'Sync Products' and nightly at 02:00 America/Chicago). Partner errors that retrying
 * can help (429, 5xx, timeouts) retry through the queue; the others fail the job at once. When a job
 * gives up, the error is in the sync log, the activity log and a socket event (the toast).
 */
import { BUSINESS_TZ } from '@dbo/domain/dates';
import { POS_EVENTS, POS_LABEL, type PosPartner, type SyncSummary, syncSummaryMessage } from '@dbo/domain/pos-sync';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { bottlePosClient } from '../../integrations/bottle-pos/client.js';
import { cloverClient } from '../../integrations/clover/client.js';
import { PartnerError } from '../../integrations/pos-client.js';
import type { AppDeps } from '../../lib/http.js';
import { type Job, PermanentError, RetryableError } from '../../lib/jobs.js';
import { recordActivity } from '../activity/activity.service.js';
import { companyFeatures } from '../company/company.tables.js';
import { readInvoice } from '../invoices/invoice-read.service.js';
import { invoices } from '../invoices/invoices.tables.js';
import { upsertPulledProduct } from '../products/pos-sync.service.js';
import { hasIntegrationCredentials } from './credentials.service.js';
import {
  JOB,
  type PullJobData,
  type PushJobData,
  credentialsOf,
  invoiceKey,
  writeSyncLog,
} from './pos-sync.service.js';

const MODULE = { bottle_pos: 'BOTTLE_POS', clover: 'CLOVER' } as const;

export function registerPosJobs(deps: AppDeps & { jobs: NonNullable<AppDeps['jobs']> }) {
  const { db, config, jobs } = deps;

  async function clientFor(
    partner: PosPartner,
    companyId: number,
    syncId: string,
    type: 'invoice' | 'product',
    invoiceId?: number,
  ) {
    const baseUrl = partner === 'clover' ? config.cloverUrl : config.bottlePosUrl;
    if (!baseUrl) throw new PermanentError(`${POS_LABEL[partner]} URL is not configured`);
    const creds = await credentialsOf(db, companyId, partner);
    if (!creds) throw new PermanentError(`${POS_LABEL[partner]} is not set up: enter its API key in Settings`);
    const make = partner === 'clover' ? cloverClient : bottlePosClient;
    return make({
      baseUrl,
      apiKey: creds.api_key,
      timeoutMs: config.integrationTimeoutMs,
      onCall: (c) =>
        writeSyncLog(db, {
          companyId,
          partner,
          syncId,
          type,
          invoiceId,
          ok: c.ok,
          message: c.message,
          extra: { method: c.method, path: c.path, status: c.status, ms: c.ms },
        }),
    });
  }

  /** A partner error as the queue understands it. */
  function asJobError(err: unknown): Error {
    if (err instanceof PartnerError) {
      const e = err.retryable ? new RetryableError(err.message, err.retryAfterMs) : new PermanentError(err.message);
      // the partner's error is already in the sync log (the client wrote it)
      e.cause = err;
      return e;
    }
    return err instanceof Error ? err : new Error(String(err));
  }

  /** The sync log's line of an invoice push that failed. */
  function invoiceSyncFailed({ companyId, partner, syncId, invoiceId }: PushJobData, message: string) {
    return writeSyncLog(db, { companyId, partner, syncId, type: 'invoice', invoiceId, ok: false, message });
  }

  /** '1009B': the invoice's number as staff read it; the id only when the invoice is gone. */
  async function invoiceLabel(companyId: number, invoiceId: number) {
    const [inv] = await db
      .select({ number: invoices.number, beer: invoices.beer })
      .from(invoices)
      .where(and(eq(invoices.company_id, companyId), eq(invoices.id, invoiceId)));
    return inv ? `${inv.number}${inv.beer ? 'B' : ''}` : String(invoiceId);
  }

  async function invoiceFailed(job: Job<PushJobData>, err: Error) {
    const { partner, companyId, invoiceId, syncId } = job.data;
    // a failure before any call (no key, no invoice) has no sync log row yet: write one
    if (err instanceof PermanentError && !(err.cause instanceof PartnerError)) {
      await invoiceSyncFailed(job.data, err.message);
    }
    // the job may fail before it read the invoice (or in another attempt): the number, never the id
    const number = (job.data as { number?: string }).number ?? (await invoiceLabel(companyId, invoiceId));
    await recordActivity(db, {
      companyId,
      module: MODULE[partner],
      type: 'INVOICE_SYNC',
      success: false,
      info: { invoiceId, invoiceNumber: number, syncId, message: err.message },
    });
    deps.emit(companyId, POS_EVENTS[partner].error, {
      invoice_id: invoiceId,
      sync_id: syncId,
      message: err.message,
      details: err.message,
    });
  }

  jobs.work<PushJobData>(
    JOB.pushInvoice,
    async (job) => {
      const { partner, companyId, invoiceId, syncId } = job.data;
      let m: Awaited<ReturnType<typeof readInvoice>>;
      try {
        m = await readInvoice(deps.wiring, db, companyId, invoiceId);
      } catch {
        throw new PermanentError(`Invoice ${invoiceId} no longer exists`);
      }
      const number = `${m.inv.number}${m.inv.beer ? 'B' : ''}`;
      (job.data as { number?: string }).number = number;
      const client = await clientFor(partner, companyId, syncId, 'invoice', invoiceId);
      try {
        // the key of the version read now: an edit after enqueueing pushes the newer version
        await client.pushInvoice(invoiceKey(partner, m.inv), {
          number,
          date: m.inv.invoiced_at,
          customer: m.customer?.name ?? '',
          total: String(m.inv.total),
          items: m.items.map((i) => ({
            sku: i.product?.internal_sku ?? String(i.item.product_id),
            name: i.product?.product ?? '',
            qty: i.item.qty,
            price: String(i.item.price),
          })),
        });
      } catch (err) {
        throw asJobError(err);
      }
      await recordActivity(db, {
        companyId,
        module: MODULE[partner],
        type: 'INVOICE_SYNC',
        info: { invoiceId, invoiceNumber: number, syncId },
      });
      deps.emit(companyId, POS_EVENTS[partner].completed, { invoice_id: invoiceId, sync_id: syncId });
    },
    { onFailed: invoiceFailed },
  );

  jobs.work<PushJobData>(
    JOB.pushStock,
    async (job) => {
      const { partner, companyId, invoiceId, syncId, key } = job.data;
      let m: Awaited<ReturnType<typeof readInvoice>>;
      try {
        m = await readInvoice(deps.wiring, db, companyId, invoiceId);
      } catch {
        throw new PermanentError(`Invoice ${invoiceId} no longer exists`);
      }
      const number = `${m.inv.number}${m.inv.beer ? 'B' : ''}`;
      (job.data as { number?: string }).number = number;
      const client = await clientFor(partner, companyId, syncId, 'invoice', invoiceId);
      const items = m.items
        .filter((i) => i.product?.internal_sku)
        .map((i) => ({ sku: i.product?.internal_sku as string, delta: -i.item.qty }));
      let res: Awaited<ReturnType<typeof client.pushStock>>;
      try {
        res = await client.pushStock(key, items);
      } catch (err) {
        throw asJobError(err);
      }
      const byName = new Map(m.items.map((i) => [i.product?.internal_sku, i.product?.product]));
      const notUpdated = res.not_updated.map((n) => byName.get(n.sku) ?? n.sku);
      const refused = new Set(res.not_updated.map((n) => n.sku));
      // the invoice's cloverApiRequestLog: each product sent and whether Clover took it
      const cloverProducts = items.map((i) => ({
        success: !refused.has(i.sku),
        cloverProduct: { sku: i.sku, product: byName.get(i.sku) ?? i.sku },
      }));
      await recordActivity(db, {
        companyId,
        module: 'CLOVER',
        type: 'INVOICE_SYNC',
        success: notUpdated.length === 0,
        info: { invoiceId, invoiceNumber: number, syncId, notUpdated },
      });
      if (notUpdated.length === 0)
        await writeSyncLog(db, {
          companyId,
          partner,
          syncId,
          type: 'invoice',
          invoiceId,
          ok: true,
          message: `Stock of invoice ${number} updated in Clover`,
          extra: { products: cloverProducts },
        });
      if (notUpdated.length > 0) {
        await writeSyncLog(db, {
          companyId,
          partner,
          syncId,
          type: 'invoice',
          invoiceId,
          ok: false,
          message: `${notUpdated.join(', ')} has not been updated in Clover`,
          extra: { products: cloverProducts },
        });
        deps.emit(companyId, POS_EVENTS.clover.error, {
          invoice_id: invoiceId,
          sync_id: syncId,
          products: notUpdated,
          message: `${notUpdated.join(', ')} has not been updated`,
        });
      } else deps.emit(companyId, POS_EVENTS.clover.completed, { invoice_id: invoiceId, sync_id: syncId });
    },
    { onFailed: invoiceFailed },
  );

  /**
   * One product pull: every page of the partner's products through upsertPulledProduct, each in
   * its own transaction; conflicts and failures are rows of the sync log, the summary its last row,
   * the activity log's entry and the product-sync event (the toast). Answers the summary.
   */
  async function pullProducts(data: PullJobData): Promise<SyncSummary> {
    const { partner, companyId, syncId, onlyFirstChunk } = data;
    const client = await clientFor(partner, companyId, syncId, 'product');
    const summary: SyncSummary = { created: 0, updated: 0, unchanged: 0, conflicts: 0, failed: 0 };
    for (let page = 1; ; page++) {
      let res: Awaited<ReturnType<typeof client.listProducts>>;
      try {
        res = await client.listProducts(page);
      } catch (err) {
        throw asJobError(err);
      }
      for (const p of res.data) {
        try {
          const r = await db.transaction((tx) => upsertPulledProduct(tx, companyId, partner, p));
          if (r.result !== 'none') summary[r.result]++;
          if (r.conflicts.length) summary.conflicts++;
          for (const message of r.conflicts)
            await writeSyncLog(db, {
              companyId,
              partner,
              syncId,
              type: 'product',
              ok: true,
              message: `Conflict: ${message}`,
              extra: { conflict: true, pos_id: p.id },
            });
        } catch (err) {
          summary.failed++;
          await writeSyncLog(db, {
            companyId,
            partner,
            syncId,
            type: 'product',
            ok: false,
            message: `Product ${p.sku || p.id} (${p.name}) not saved: ${(err as Error).message}`,
          });
        }
      }
      if (onlyFirstChunk || page >= res.total_pages) break;
    }
    const message = syncSummaryMessage(summary);
    await writeSyncLog(db, {
      companyId,
      partner,
      syncId,
      type: 'product',
      ok: summary.failed === 0,
      message,
      extra: { summary },
    });
    await recordActivity(db, {
      companyId,
      module: MODULE[partner],
      type: 'PRODUCT_SYNC',
      success: summary.failed === 0,
      info: { syncId, ...summary },
    });
    deps.emit(companyId, 'product:cache-update', {});
    deps.emit(companyId, POS_EVENTS[partner].completed, { sync_id: syncId });
    deps.emit(companyId, POS_EVENTS[partner].products, { sync_id: syncId, summary, message });
    return summary;
  }

  jobs.work<PullJobData>(
    JOB.pullProducts,
    async (job) => {
      await pullProducts(job.data);
    },
    {
      onFailed: async (job, err) => {
        const { partner, companyId, syncId } = job.data;
        if (!(err.cause instanceof PartnerError)) {
          await writeSyncLog(db, { companyId, partner, syncId, type: 'product', ok: false, message: err.message });
        }
        await recordActivity(db, {
          companyId,
          module: MODULE[partner],
          type: 'PRODUCT_SYNC',
          success: false,
          info: { syncId, message: err.message },
        });
        // a pull the Sync Products button left to a retry ends with a toast too, a failed one as well
        // (issue 36: every sync ends with one); the toast links to the sync's log
        deps.emit(companyId, POS_EVENTS[partner].error, {
          sync_id: syncId,
          message: `${POS_LABEL[partner]} product sync failed`,
          details: err.message,
        });
      },
    },
  );

  // nightly: one pull per company with the partner active and a key entered; a key that cannot be
  // read fails that company's pull (in its sync log), never the nightly run of every company
  jobs.work<{ slot?: string }>(JOB.nightly, async () => {
    const active = await db
      .select({ companyId: companyFeatures.company_id, name: companyFeatures.name })
      .from(companyFeatures)
      .where(and(eq(companyFeatures.active, true)));
    for (const a of active) {
      if (a.name !== 'bottle_pos' && a.name !== 'clover') continue;
      const partner = a.name as PosPartner;
      if (!(await hasIntegrationCredentials(db, a.companyId, partner))) continue;
      const data: PullJobData = { partner, companyId: a.companyId, syncId: randomUUID(), onlyFirstChunk: false };
      await jobs.enqueue(JOB.pullProducts, data);
    }
  });
  jobs.schedule(JOB.nightly, '0 2 * * *', BUSINESS_TZ);
  return { pullProducts };
}
