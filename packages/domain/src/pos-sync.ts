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
} as const;

/** socket.io events (spec 2) */
export const POS_EVENTS = {
  bottle_pos: { error: 'bottle-pos:invoice-sync-error', completed: 'bottle-pos:invoice-sync-completed' },
  clover: { error: 'clover:inventory-push-error', completed: 'clover:invoice-sync-completed' },
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
export const syncStartedOut = z.object({ sync_id: z.string(), queued: z.number() });

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
