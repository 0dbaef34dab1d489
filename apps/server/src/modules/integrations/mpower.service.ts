/**
 * MPower sync of one invoice ('Sync with MPower' on invoice detail): sends the invoice, stores
 * MPower's answer or the error in mpower_invoices (the invoice's mPowerInvoice), records every
 * attempt in sync_logs (service 'mpower') and an MPOWER / INVOICE_SYNC activity. In the request,
 * with the same bounded retries as fintech; the idempotency key (company, invoice, its last
 * change) keeps a retry from filing a second copy.
 */
import { FINTECH_MSG, type MpowerInvoice, type SyncStep } from '@dbo/domain/fintech';
import { displayNumber } from '@dbo/domain/invoice';
import { centsToString, toCents } from '@dbo/domain/money';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, forbidden, HttpError } from '../../lib/errors.js';
import { createMpowerClient, type MpowerInvoicePush } from '../../integrations/mpower/client.js';
import { PartnerError, policyFromConfig } from '../../integrations/partner-http.js';
import { recordActivity } from '../activity/activity.service.js';
import { isFeatureOn } from '../company/company.service.js';
import type { InvoiceWiring } from '../invoices/invoice-hooks.js';
import { type InvoiceReadModel, readInvoice } from '../invoices/invoice-read.service.js';
import { getIntegrationCredentials } from './credentials.service.js';
import { mpowerInvoices, syncLogs } from './integrations.tables.js';

type MpowerRow = typeof mpowerInvoices.$inferSelect;

const record = (r: MpowerRow) => ({
  invoice_id: r.invoice_id,
  response: r.response ?? null,
  error: r.error,
  updatedAt: r.updated_at,
});

export async function mpowerPart(db: DbOrTx, invoiceId: number) {
  const [r] = await db.select().from(mpowerInvoices).where(eq(mpowerInvoices.invoice_id, invoiceId));
  return r ? record(r) : null;
}

export function mpowerPush(m: InvoiceReadModel): MpowerInvoicePush {
  const { inv, customer } = m;
  const money = (v: string | number) => Number(centsToString(toCents(v)));
  return {
    external_id: `dbo-${inv.company_id}-${inv.id}`,
    number: displayNumber(inv, m.customerNumbering),
    date: inv.invoiced_at,
    due_date: inv.due_at,
    customer: {
      name: customer?.name ?? '',
      license: customer?.tabc_id ?? '',
      address: customer ? `${customer.address}, ${customer.city}, ${customer.state} ${customer.zip}` : '',
    },
    subtotal: money(inv.sub_total),
    tax: money(inv.tax_total),
    total: money(inv.total),
    items: m.items.map(({ item, product }) => ({
      name: item.product_name,
      upc: product?.upc ?? null,
      size: item.product_size,
      qty: item.qty,
      price: money(item.price),
      total: Number(centsToString(toCents(item.price) * item.qty)),
    })),
  };
}

const step = (s: string, message: string): SyncStep => ({ step: s, message, at: new Date().toISOString() });

export async function syncInvoiceToMpower(
  deps: { db: Db; config: AppConfig; wiring: InvoiceWiring },
  actor: { companyId: number; userId: number },
  invoiceId: number,
): Promise<MpowerInvoice> {
  const { db, config } = deps;
  const { companyId } = actor;
  const m = await readInvoice(deps.wiring, db, companyId, invoiceId);
  if (!(await isFeatureOn(db, companyId, 'mpower'))) throw forbidden(FINTECH_MSG.mpowerFeatureOff);
  const creds = await getIntegrationCredentials(db, companyId, 'mpower');
  if (!creds?.api_key) throw badRequest(FINTECH_MSG.noCredentials('MPower'));
  if (!config.mpowerUrl) throw new HttpError(503, FINTECH_MSG.noUrl('MPower'));

  const label = `Invoice #${displayNumber(m.inv, m.customerNumbering)}`;
  const steps: SyncStep[] = [step('start', `${label} sent to MPower`)];
  const [log] = await db
    .insert(syncLogs)
    .values({
      company_id: companyId,
      service: 'mpower',
      sync_id: randomUUID(),
      type: 'invoice',
      invoice_id: invoiceId,
      invoice_ids: [invoiceId],
      success: false,
      success_log: steps,
    })
    .returning();
  const client = createMpowerClient({
    baseUrl: config.mpowerUrl,
    apiKey: creds.api_key,
    policy: policyFromConfig(config),
  });
  const key = `dbo-${companyId}-invoice-${invoiceId}-${new Date(m.inv.updated_at).getTime()}`;
  let response: unknown = null;
  let error: string | null = null;
  try {
    response = await client.sendInvoice(mpowerPush(m), key, (a) => {
      if (a.outcome !== 'failed') steps.push(step('send', `attempt ${a.attempt}: ${a.message}`));
    });
    steps.push(step('end', FINTECH_MSG.syncSucceeded));
  } catch (err) {
    if (!(err instanceof PartnerError)) throw err;
    error = err.message;
    response = err.body && typeof err.body === 'object' ? err.body : null;
  }
  const now = new Date();
  await db
    .update(syncLogs)
    .set({
      success: error === null,
      success_log: steps,
      error_log: error ? step('send', error) : null,
      updated_at: now,
    })
    .where(eq(syncLogs.id, log.id));
  const [row] = await db
    .insert(mpowerInvoices)
    .values({ invoice_id: invoiceId, company_id: companyId, response, error, updated_at: now })
    .onConflictDoUpdate({ target: mpowerInvoices.invoice_id, set: { response, error, updated_at: now } })
    .returning();
  await recordActivity(db, {
    companyId,
    userId: actor.userId,
    module: 'MPOWER',
    type: 'INVOICE_SYNC',
    success: error === null,
    info: { invoiceNumber: m.inv.number, beer: m.inv.beer, ...(error ? { error } : {}) },
  });
  return record(row);
}
