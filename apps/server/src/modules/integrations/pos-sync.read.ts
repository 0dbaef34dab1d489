/**
 * The read side of the Bottle POS and Clover sync (spec 2 section 7): the sync history and a sync
 * run's log, and the invoice read model's Clover part. The writes and the queued syncs are in
 * pos-sync.service.ts.
 */
import type { PosPartner, SyncHistory } from '@dbo/domain/pos-sync';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { InvoiceCloverPart } from '../invoices/invoice-read.service.js';
import { invoices } from '../invoices/invoices.tables.js';
import { syncLogs } from './integrations.tables.js';

/** The invoice's cloverApiRequestLog: the products of its last Clover stock push. */
export async function cloverPart(db: DbOrTx, invoiceId: number): Promise<InvoiceCloverPart[]> {
  const [row] = await db
    .select({ success_log: syncLogs.success_log, error_log: syncLogs.error_log })
    .from(syncLogs)
    .where(
      and(
        eq(syncLogs.invoice_id, invoiceId),
        eq(syncLogs.service, 'clover'),
        eq(syncLogs.type, 'invoice'),
        sql`coalesce(${syncLogs.success_log}, ${syncLogs.error_log}) ? 'products'`,
      ),
    )
    .orderBy(desc(syncLogs.id))
    .limit(1);
  const log = (row?.success_log ?? row?.error_log) as { products?: InvoiceCloverPart[] } | undefined;
  return log?.products ?? [];
}

export async function syncHistory(db: DbOrTx, companyId: number, partner: PosPartner): Promise<SyncHistory> {
  const [last] = await db
    .select({ at: syncLogs.created_at })
    .from(syncLogs)
    .where(and(eq(syncLogs.company_id, companyId), eq(syncLogs.service, partner), eq(syncLogs.type, 'invoice')))
    .orderBy(desc(syncLogs.created_at))
    .limit(1);
  // the latest row of each invoice; failed when it is an error
  const latest = await db.execute(sql`
    select l.invoice_id, l.sync_id, l.error_log, i.number, i.beer, i.updated_at
    from (
      select distinct on (invoice_id) invoice_id, sync_id, success, error_log
      from ${syncLogs}
      where company_id = ${companyId} and service = ${partner} and type = 'invoice' and invoice_id is not null
      order by invoice_id, id desc
    ) l
    join ${invoices} i on i.id = l.invoice_id and i.company_id = ${companyId}
    where not l.success
    order by i.updated_at desc
    limit 200`);
  const failedRows = (
    latest as unknown as {
      rows: {
        invoice_id: number;
        sync_id: string;
        error_log: { message?: string } | null;
        number: number;
        beer: boolean;
        updated_at: string | Date;
      }[];
    }
  ).rows;
  const failedProducts = await db
    .select({ sync_id: syncLogs.sync_id, createdAt: sql<Date>`min(${syncLogs.created_at})` })
    .from(syncLogs)
    .where(
      and(
        eq(syncLogs.company_id, companyId),
        eq(syncLogs.service, partner),
        eq(syncLogs.type, 'product'),
        eq(syncLogs.success, false),
      ),
    )
    .groupBy(syncLogs.sync_id)
    .orderBy(desc(sql`min(${syncLogs.created_at})`))
    .limit(20);
  // every run: its steps grouped by sync_id; how it ended (a retry that got through is a success)
  // and its message are its last row's
  const runs = (
    (await db.execute(sql`
      select sync_id, min(type) as type, min(created_at) as started, max(created_at) as finished,
             (array_agg(success order by id desc))[1] as success, count(*)::int as steps,
             (array_agg(coalesce(error_log, success_log)->>'message' order by id desc))[1] as message
      from ${syncLogs}
      where company_id = ${companyId} and service = ${partner}
      group by sync_id
      order by min(created_at) desc
      limit 50`)) as unknown as {
      rows: {
        sync_id: string;
        type: string;
        started: string | Date;
        finished: string | Date;
        success: boolean;
        steps: number;
        message: string | null;
      }[];
    }
  ).rows;
  return {
    lastSync: last?.at ?? null,
    runs: runs.map((r) => ({
      sync_id: r.sync_id,
      type: r.type,
      startedAt: new Date(r.started),
      finishedAt: new Date(r.finished),
      success: !!r.success,
      message: r.message ?? null,
      steps: Number(r.steps),
    })),
    failedInvoices: failedRows.map((r) => ({
      invoice_id: Number(r.invoice_id),
      company_id: companyId,
      number: `${r.number}${r.beer ? 'B' : ''}`,
      updatedAt: new Date(r.updated_at),
      message: r.error_log?.message ?? null,
      sync_id: r.sync_id,
    })),
    failedProductSyncLog: failedProducts.map((r) => ({ sync_id: r.sync_id, createdAt: new Date(r.createdAt) })),
  };
}

export async function syncLog(db: DbOrTx, companyId: number, partner: PosPartner, syncId: string) {
  const rows = await db
    .select()
    .from(syncLogs)
    .where(and(eq(syncLogs.company_id, companyId), eq(syncLogs.service, partner), eq(syncLogs.sync_id, syncId)))
    .orderBy(syncLogs.created_at, syncLogs.id)
    .limit(2000);
  // another company's (or an unknown) sync is not found
  if (rows.length === 0) throw notFound('Sync log not found');
  return rows.map((r) => ({
    id: r.id,
    sync_id: r.sync_id,
    type: r.type,
    success: r.success,
    invoice_id: r.invoice_id,
    createdAt: r.created_at,
    success_log: (r.success_log as { message: string } | null) ?? null,
    error_log: (r.error_log as { message: string } | null) ?? null,
  }));
}
