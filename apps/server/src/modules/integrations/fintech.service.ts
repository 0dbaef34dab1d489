/**
 * Fintech sync of invoices (invoice detail's Sync Now): checks the company and customer set-up
 * (a 400 naming what is missing), then files each invoice with the clearing house in the request,
 * with bounded retries that honour Retry-After. Every attempt and its outcome is a step of the
 * run's sync_logs row (service 'fintech'); the row is written before the first call, so a crash
 * mid-sync still leaves a record. A run that worked ends with step 'end' 'Sync succeeded'.
 *
 * Decision: the pos helper's job queue was not on main when this was built, so the sync runs in
 * the request (at most attempts x 10 s per invoice). The idempotency key (company, invoice, its
 * last change) makes a retry, a double click or a later re-run never file a second copy.
 */
import { FINTECH_MSG, type FintechLogEntry, fintechDate, fintechReference, type SyncStep } from '@dbo/domain/fintech';
import { centsToString, toCents } from '@dbo/domain/money';
import { displayNumber } from '@dbo/domain/invoice';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, forbidden, HttpError } from '../../lib/errors.js';
import { createFintechClient, type FintechInvoicePush } from '../../integrations/fintech/client.js';
import { PartnerError, policyFromConfig } from '../../integrations/partner-http.js';
import { isFeatureOn } from '../company/company.service.js';
import { findInvoice } from '../invoices/invoice-lookup.service.js';
import type { InvoiceWiring } from '../invoices/invoice-hooks.js';
import { type InvoiceReadModel, readInvoice } from '../invoices/invoice-read.service.js';
import { getIntegrationCredentials } from './credentials.service.js';
import { syncLogs } from './integrations.tables.js';

type SyncLogRow = typeof syncLogs.$inferSelect;

export async function requireFintechFeature(db: DbOrTx, companyId: number) {
  if (!(await isFeatureOn(db, companyId, 'fintech'))) throw forbidden(FINTECH_MSG.featureOff);
}

export function logEntry(row: SyncLogRow): FintechLogEntry {
  return {
    id: row.id,
    invoice_ids: (row.invoice_ids ?? []) as number[],
    success: row.success,
    success_log: Array.isArray(row.success_log) ? (row.success_log as SyncStep[]) : [],
    error_log: (row.error_log as SyncStep | null) ?? null,
    createdAt: row.created_at,
  };
}

/** The clearing house's view of one invoice. */
export function fintechPush(m: InvoiceReadModel): FintechInvoicePush {
  const { inv, company, customer } = m;
  return {
    distributor_id: company.fintech_id,
    retailer_id: customer?.fintech_id ?? '',
    retailer_name: customer?.name ?? '',
    invoice_number: fintechReference(inv),
    invoice_date: fintechDate(inv.invoiced_at),
    due_date: inv.due_at ? fintechDate(inv.due_at) : null,
    total: centsToString(toCents(inv.total)),
    lines: m.items.map(({ item, product }) => {
      const price = toCents(item.price);
      return {
        upc: product?.upc ?? '',
        description: item.product_name.toUpperCase(),
        size: item.product_size.toUpperCase(),
        unit_of_measure: 'EA',
        quantity: item.qty,
        unit_price: centsToString(price),
        extended_price: centsToString(price * item.qty),
      };
    }),
  };
}

/** What a sync needs set up; every gap is named (the 400's details). */
function setupGaps(models: InvoiceReadModel[]): string[] {
  const gaps: string[] = [];
  const company = models[0]?.company;
  if (company && !company.has_fintech) gaps.push(FINTECH_MSG.companyNotEnabled);
  if (company && !company.fintech_id.trim()) gaps.push(FINTECH_MSG.companyNoId);
  const seen = new Set<number>();
  for (const m of models) {
    const c = m.customer;
    if (!c || seen.has(c.id)) continue;
    seen.add(c.id);
    if (!c.fintech_option) gaps.push(FINTECH_MSG.customerNoOption(c.name));
    if (!c.fintech_id.trim()) gaps.push(FINTECH_MSG.customerNoId(c.name));
  }
  for (const m of models)
    if (m.inv.status === 'cancelled')
      gaps.push(`Invoice #${displayNumber(m.inv)} is cancelled: it is not sent to fintech`);
  return gaps;
}

/** The key of one version of one invoice: a retry or re-run of the same version is a duplicate. */
const idempotencyKey = (companyId: number, m: InvoiceReadModel) =>
  `dbo-${companyId}-invoice-${m.inv.id}-${new Date(m.inv.updated_at).getTime()}`;

const step = (s: string, message: string): SyncStep => ({ step: s, message, at: new Date().toISOString() });

export async function syncInvoicesToFintech(
  deps: { db: Db; config: AppConfig; wiring: InvoiceWiring },
  companyId: number,
  invoiceIds: number[],
): Promise<FintechLogEntry> {
  const { db, config } = deps;
  await requireFintechFeature(db, companyId);
  // each id is the company's (404 otherwise) before anything else is judged
  const models: InvoiceReadModel[] = [];
  for (const id of invoiceIds) models.push(await readInvoice(deps.wiring, db, companyId, id));
  const gaps = setupGaps(models);
  if (gaps.length) throw badRequest(gaps[0], gaps);
  const creds = await getIntegrationCredentials(db, companyId, 'fintech');
  if (!creds?.api_key) throw badRequest(FINTECH_MSG.noCredentials('Fintech'));
  if (!config.fintechUrl) throw new HttpError(503, FINTECH_MSG.noUrl('Fintech'));

  const steps: SyncStep[] = [
    step('start', `Sync of ${models.map((m) => `#${displayNumber(m.inv)}`).join(', ')} to fintech started`),
  ];
  const [row] = await db
    .insert(syncLogs)
    .values({
      company_id: companyId,
      service: 'fintech',
      sync_id: randomUUID(),
      type: 'invoice',
      invoice_id: invoiceIds.length === 1 ? invoiceIds[0] : null,
      invoice_ids: invoiceIds,
      success: false,
      success_log: steps,
      error_log: null,
    })
    .returning();
  const save = (patch: Partial<typeof syncLogs.$inferInsert>) =>
    db
      .update(syncLogs)
      .set({ ...patch, success_log: steps, updated_at: new Date() })
      .where(eq(syncLogs.id, row.id))
      .returning();

  const client = createFintechClient({
    baseUrl: config.fintechUrl,
    apiKey: creds.api_key,
    policy: policyFromConfig(config),
  });
  const errors: SyncStep[] = [];
  for (const m of models) {
    const label = `Invoice #${displayNumber(m.inv)}`;
    try {
      const result = await client.pushInvoice(fintechPush(m), idempotencyKey(companyId, m), async (a) => {
        if (a.outcome === 'failed') return;
        steps.push(step('push', `${label}, attempt ${a.attempt}: ${a.message}`));
        await save({});
      });
      steps.push(
        step(
          'push',
          result.duplicate
            ? `${label} was already received by fintech${result.id ? ` as ${result.id}` : ''} (duplicate refused)`
            : `${label} filed as ${result.id}`,
        ),
      );
    } catch (err) {
      if (!(err instanceof PartnerError)) throw err;
      errors.push(step(err.kind === 'auth' ? 'auth' : 'push', `${label}: ${err.message}`));
    }
  }
  const ok = errors.length === 0;
  if (ok) steps.push(step('end', FINTECH_MSG.syncSucceeded));
  const errorLog = ok
    ? null
    : errors.length === 1
      ? errors[0]
      : { step: errors[0].step, message: errors.map((e) => e.message).join(' | '), at: errors[0].at };
  const [done] = await save({ success: ok, error_log: errorLog });
  return logEntry(done);
}

/** GET /fintech/sync-log: the runs that touched any of these invoices, newest first. */
export async function fintechSyncLog(db: DbOrTx, companyId: number, invoiceIds: number[]) {
  await requireFintechFeature(db, companyId);
  for (const id of invoiceIds) await findInvoice(db, companyId, { id });
  const rows = await db
    .select()
    .from(syncLogs)
    .where(
      and(
        eq(syncLogs.company_id, companyId),
        eq(syncLogs.service, 'fintech'),
        or(...invoiceIds.map((id) => sql`${syncLogs.invoice_ids} @> ${JSON.stringify([id])}::jsonb`)),
      ),
    )
    .orderBy(desc(syncLogs.created_at), desc(syncLogs.id))
    .limit(100);
  return rows.map(logEntry);
}
