import { z } from 'zod';
import { gridQueryShape } from './grid.js';
import { dbId, optionalQueryId, queryBool, timestampOut } from './primitives.js';

/** The point-of-sale partners with sync pages (spec 2 section 7): Bottle POS and Clover. */
export const POS_PARTNERS = ['bottle_pos', 'clover'] as const;
export type PosPartner = (typeof POS_PARTNERS)[number];

export const POS_LABEL: Record<PosPartner, string> = { bottle_pos: 'Bottle POS', clover: 'Clover' };
/** URL segment of each partner's routes and pages */
export const POS_PATH: Record<PosPartner, string> = { bottle_pos: 'bottle-pos', clover: 'clover' };

export const POS_MSG = {
  historyError: 'Error loading sync history!',
  noHistory: 'No invoice sync history found!',
  notConfigured: (p: string) => `${p} is not set up: enter its API key in Settings`,
  featureOff: (p: string) => `${p} is not active for this company`,
  badSyncId: 'Invalid sync id',
  badFilter: 'Invalid filterModel: expected {"id": <invoice id>}',
  pullRetried: (p: string) => `${p} did not answer: the product sync will be tried again shortly`,
} as const;

/** socket.io events (spec 2) */
export const POS_EVENTS = {
  bottle_pos: {
    error: 'bottle-pos:invoice-sync-error',
    completed: 'bottle-pos:invoice-sync-completed',
    /** a product pull ended: { sync_id, summary, message } (the toast) */
    products: 'bottle-pos:product-sync-completed',
  },
  clover: {
    error: 'clover:inventory-push-error',
    completed: 'clover:invoice-sync-completed',
    products: 'clover:product-sync-completed',
  },
} as const;

/** GET .../sync/history */
export const syncHistoryOut = z.object({
  lastSync: timestampOut.nullable(),
  failedInvoices: z.array(
    z.object({
      invoice_id: z.number(),
      company_id: z.number(),
      number: z.string(),
      updatedAt: timestampOut,
      message: z.string().nullable(),
      sync_id: z.string(),
    }),
  ),
  failedProductSyncLog: z.array(z.object({ sync_id: z.string(), createdAt: timestampOut })),
  /** every sync run, newest first (the latest 50): not only the failures */
  runs: z.array(
    z.object({
      sync_id: z.string(),
      /** invoice or product */
      type: z.string(),
      startedAt: timestampOut,
      finishedAt: timestampOut,
      /** the run ended well (its last step succeeded: a retry that got through counts) */
      success: z.boolean(),
      /** the run's last message (a product sync's summary) */
      message: z.string().nullable(),
      steps: z.number(),
    }),
  ),
});
export type SyncHistory = z.infer<typeof syncHistoryOut>;

/**
 * filterModel of sync-invoices: `{"id": 12}` or AG Grid's `{"id": {"filter": 12}}` names the one
 * invoice to retry. Absent: the recent invoices (last 7 days) not yet synced.
 */
const invoiceIdFilter = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || v.length > 2000) return Symbol('invalid');
  try {
    const m = JSON.parse(v) as { id?: unknown };
    const id = m && typeof m === 'object' ? m.id : undefined;
    if (id && typeof id === 'object') return (id as { filter?: unknown }).filter;
    return id;
  } catch {
    return Symbol('invalid');
  }
}, dbId('Invoice id', POS_MSG.badFilter).optional());

export const syncInvoicesQuery = z.object({
  company_id: optionalQueryId('Company id'),
  filterModel: invoiceIdFilter,
});
export const syncProductsQuery = z.object({
  company_id: optionalQueryId('Company id'),
  onlyFirstChunk: queryBool,
});
/**
 * What a product pull did (issue 30): each POS product counted once as created, updated (price,
 * cost or its link to the POS id) or unchanged; `conflicts` the products with something reported and
 * not applied (another UPC or SKU than ours, our name and size on another product); `failed` those
 * that could not be stored.
 */
export const syncSummaryOut = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  conflicts: z.number(),
  failed: z.number(),
});
export type SyncSummary = z.infer<typeof syncSummaryOut>;

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** 'Products synced: 2 created, 1 updated, 9 unchanged, 1 conflict' (', 1 failed' when any failed) */
export const syncSummaryMessage = (s: SyncSummary) =>
  `Products synced: ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged, ${counted(s.conflicts, 'conflict')}${s.failed ? `, ${s.failed} failed` : ''}`;

/**
 * GET .../sync-products and .../sync-invoices. A product sync runs in the request and answers its
 * `summary`; when the partner could not be reached it is queued for a retry (`queued: 1`, `summary`
 * null, `message` says so) and its summary comes with the product-sync event and in its log.
 */
export const syncStartedOut = z.object({
  sync_id: z.string(),
  queued: z.number(),
  summary: syncSummaryOut.nullable().optional(),
  message: z.string().optional(),
});

export const syncIdParams = z.object({ syncId: z.uuid({ error: POS_MSG.badSyncId }) });

export const syncLogRowOut = z.object({
  id: z.number(),
  sync_id: z.string(),
  type: z.string(),
  success: z.boolean(),
  invoice_id: z.number().nullable(),
  createdAt: timestampOut,
  success_log: z.object({ message: z.string() }).catchall(z.unknown()).nullable(),
  error_log: z.object({ message: z.string() }).catchall(z.unknown()).nullable(),
});
export type SyncLogRow = z.infer<typeof syncLogRowOut>;
export const syncLogOut = z.array(syncLogRowOut);

/** GET /bottle-pos/export-invoices: the grid's filterModel over number, invoiced_at, total, customer. */
export const exportInvoicesQuery = z.object({ filterModel: gridQueryShape.filterModel });
export const exportedInvoiceOut = z.object({
  id: z.number(),
  number: z.string(),
  invoiced_at: z.string(),
  customer: z.string(),
  total: z.string(),
  status: z.string(),
  /** synced, failed or not synced (latest Bottle POS sync of the invoice) */
  sync_status: z.string(),
  items: z.array(z.object({ sku: z.string(), name: z.string(), qty: z.number(), price: z.string() })),
});
