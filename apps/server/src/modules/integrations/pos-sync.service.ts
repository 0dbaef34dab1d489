/**
 * Bottle POS and Clover sync (spec 2 section 7): history, logs, starting syncs (queued jobs, see
 * pos-jobs.ts) and the Bottle POS invoice export. Every call to a partner and its outcome is a row
 * of sync_logs; a sync run has one sync_id.
 *
 * Decisions where the spec is silent:
 * - lastSync is the latest invoice sync row ('No invoice sync history found!' while none ran);
 * - a failed invoice is one whose latest sync row for the partner is an error;
 * - 'Sync Recent Invoices' pushes the invoices of the last 7 days whose latest sync did not succeed;
 * - an invoice version (id + updated_at) is the idempotency key: a retry never makes a second copy.
 */
import { addDays, todayInTexas } from '@dbo/domain/dates';
import type { FilterModel } from '@dbo/domain/grid';
import { POS_LABEL, POS_MSG, type PosPartner, type SyncSummary, syncSummaryMessage } from '@dbo/domain/pos-sync';
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { type GridColumns, gridClauses } from '../../db/grid.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { type JobQueue, RetryableError } from '../../lib/jobs.js';
import { PartnerError } from '../../integrations/pos-client.js';
import { jobs } from '../../lib/jobs.tables.js';
import { isFeatureOn } from '../company/company.service.js';
import { customers } from '../customers/customers.tables.js';
import { invoiceItems, invoices } from '../invoices/invoices.tables.js';
import { products } from '../products/products.tables.js';
import { getIntegrationCredentials } from './credentials.service.js';
import { syncLogs } from './integrations.tables.js';

export const JOB = {
  pushInvoice: 'pos.push-invoice',
  pushStock: 'pos.push-stock',
  pullProducts: 'pos.pull-products',
  nightly: 'pos.nightly-products',
} as const;

export interface PushJobData {
  [k: string]: unknown;
  partner: PosPartner;
  companyId: number;
  invoiceId: number;
  syncId: string;
  key: string;
}
export interface PullJobData {
  [k: string]: unknown;
  partner: PosPartner;
  companyId: number;
  syncId: string;
  onlyFirstChunk: boolean;
}

export async function assertPartnerOn(db: DbOrTx, companyId: number, partner: PosPartner) {
  if (!(await isFeatureOn(db, companyId, partner))) throw forbidden(POS_MSG.featureOff(POS_LABEL[partner]));
}

export async function credentialsOf(db: DbOrTx, companyId: number, partner: PosPartner) {
  return getIntegrationCredentials(db, companyId, partner);
}

/** The idempotency key of one version of an invoice at a partner. */
export const invoiceKey = (partner: PosPartner, inv: { id: number; updated_at: Date }) =>
  `${partner}-invoice-${inv.id}-${inv.updated_at.getTime()}`;

export async function writeSyncLog(
  db: DbOrTx,
  row: {
    companyId: number;
    partner: PosPartner;
    syncId: string;
    type: 'invoice' | 'product';
    invoiceId?: number | null;
    ok: boolean;
    message: string;
    extra?: Record<string, unknown>;
  },
) {
  const log = { message: row.message, ...row.extra };
  await db.insert(syncLogs).values({
    company_id: row.companyId,
    service: row.partner,
    sync_id: row.syncId,
    type: row.type,
    invoice_id: row.invoiceId ?? null,
    success: row.ok,
    success_log: row.ok ? log : null,
    error_log: row.ok ? null : log,
  });
}

/** Is a push of this invoice version already waiting or running? */
async function pushPending(db: DbOrTx, key: string) {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.state, ['created', 'active']), sql`${jobs.data}->>'key' = ${key}`))
    .limit(1);
  return !!row;
}

export async function enqueueInvoicePush(
  queue: JobQueue,
  db: DbOrTx,
  partner: PosPartner,
  companyId: number,
  inv: { id: number; updated_at: Date },
  syncId: string,
  tx?: DbOrTx,
) {
  const key = invoiceKey(partner, inv);
  if (await pushPending(tx ?? db, key)) return false;
  const data: PushJobData = { partner, companyId, invoiceId: inv.id, syncId, key };
  await queue.enqueue(partner === 'clover' ? JOB.pushStock : JOB.pushInvoice, data, { tx });
  return true;
}

/** GET .../sync-invoices: one invoice (filterModel id, the Retry button) or the recent unsynced ones. */
export async function startInvoiceSync(
  db: Db,
  queue: JobQueue,
  companyId: number,
  partner: PosPartner,
  invoiceId?: number,
) {
  await assertPartnerOn(db, companyId, partner);
  if (!(await credentialsOf(db, companyId, partner))) throw badRequest(POS_MSG.notConfigured(POS_LABEL[partner]));
  const syncId = randomUUID();
  let targets: { id: number; updated_at: Date }[];
  if (invoiceId) {
    targets = await db
      .select({ id: invoices.id, updated_at: invoices.updated_at })
      .from(invoices)
      .where(and(eq(invoices.company_id, companyId), eq(invoices.id, invoiceId)));
    if (targets.length === 0) throw notFound('Invoice not found');
  } else {
    const since = addDays(todayInTexas(), -7);
    targets = await db
      .select({ id: invoices.id, updated_at: invoices.updated_at })
      .from(invoices)
      .where(
        and(
          eq(invoices.company_id, companyId),
          gte(invoices.invoiced_at, since),
          sql`not exists (select 1 from ${syncLogs} s where s.invoice_id = ${invoices.id} and s.service = ${partner}
                and s.type = 'invoice' and s.success and s.created_at >= ${invoices.updated_at})`,
        ),
      )
      .orderBy(invoices.id)
      .limit(500);
  }
  let queued = 0;
  for (const inv of targets) if (await enqueueInvoicePush(queue, db, partner, companyId, inv, syncId)) queued++;
  return { sync_id: syncId, queued };
}

/**
 * GET .../sync-products: the pull runs in the request and answers its summary (issue 30: every sync
 * ends with one). A partner that could not be reached (429, 5xx, a timeout) is tried again by a
 * queued job, whose summary comes with the product-sync event; a refusal (a wrong key) is a 400.
 */
export async function startProductSync(
  db: Db,
  queue: JobQueue,
  companyId: number,
  partner: PosPartner,
  onlyFirstChunk: boolean,
  pullNow: (data: PullJobData) => Promise<SyncSummary>,
) {
  await assertPartnerOn(db, companyId, partner);
  if (!(await credentialsOf(db, companyId, partner))) throw badRequest(POS_MSG.notConfigured(POS_LABEL[partner]));
  const syncId = randomUUID();
  const data: PullJobData = { partner, companyId, syncId, onlyFirstChunk };
  try {
    const summary = await pullNow(data);
    return { sync_id: syncId, queued: 0, summary, message: syncSummaryMessage(summary) };
  } catch (err) {
    if (!(err instanceof RetryableError)) {
      const message = (err as Error).message;
      // a partner's refusal is in the log already (its client wrote it)
      if (!((err as Error).cause instanceof PartnerError))
        await writeSyncLog(db, { companyId, partner, syncId, type: 'product', ok: false, message });
      throw badRequest(message);
    }
    await queue.enqueue(JOB.pullProducts, data);
    return { sync_id: syncId, queued: 1, summary: null, message: POS_MSG.pullRetried(POS_LABEL[partner]) };
  }
}

const exportColumns: GridColumns = {
  id: { expr: invoices.id, type: 'number' },
  number: { expr: invoices.number, type: 'number' },
  invoiced_at: { expr: invoices.invoiced_at, type: 'date' },
  total: { expr: invoices.total, type: 'number' },
  status: { expr: invoices.status, type: 'set' },
  customer: { expr: customers.name, type: 'text' },
};

/** GET /bottle-pos/export-invoices: the filtered invoices as Bottle POS receives them, with their sync state. */
export async function exportInvoices(db: DbOrTx, companyId: number, filterModel: FilterModel | undefined) {
  const clauses = gridClauses(
    {
      startRow: 0,
      endRow: 5000,
      filterModel: filterModel ?? (Object.create(null) as FilterModel),
      sortModel: [],
    },
    exportColumns,
    { defaultSort: [{ colId: 'id', sort: 'asc' }], tieBreaker: invoices.id },
  );
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      beer: invoices.beer,
      invoiced_at: invoices.invoiced_at,
      total: invoices.total,
      status: invoices.status,
      customer: customers.name,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .where(and(eq(invoices.company_id, companyId), clauses.where))
    .orderBy(...clauses.orderBy)
    .limit(5000);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await db
    .select({
      invoice_id: invoiceItems.invoice_id,
      sku: products.internal_sku,
      name: products.product,
      qty: invoiceItems.qty,
      price: invoiceItems.price,
    })
    .from(invoiceItems)
    .innerJoin(products, eq(products.id, invoiceItems.product_id))
    .where(inArray(invoiceItems.invoice_id, ids));
  const latest = await db.execute(sql`
    select distinct on (invoice_id) invoice_id, success from ${syncLogs}
    where company_id = ${companyId} and service = 'bottle_pos' and type = 'invoice'
      and invoice_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})
    order by invoice_id, id desc`);
  const state = new Map(
    (latest as unknown as { rows: { invoice_id: number; success: boolean }[] }).rows.map((r) => [
      Number(r.invoice_id),
      r.success,
    ]),
  );
  return rows.map((r) => ({
    id: r.id,
    number: `${r.number}${r.beer ? 'B' : ''}`,
    invoiced_at: r.invoiced_at,
    customer: r.customer,
    total: r.total,
    status: r.status,
    sync_status: state.has(r.id) ? (state.get(r.id) ? 'synced' : 'failed') : 'not synced',
    items: items
      .filter((i) => i.invoice_id === r.id)
      .map((i) => ({ sku: i.sku ?? '', name: i.name, qty: i.qty, price: String(i.price) })),
  }));
}
