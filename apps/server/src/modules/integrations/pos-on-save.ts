import { POS_PARTNERS } from '@dbo/domain/pos-sync';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { JobQueue } from '../../lib/jobs.js';
import type { InvoiceSavedListener } from '../invoices/invoice-hooks.js';
import { invoices } from '../invoices/invoices.tables.js';
import { credentialsOf, enqueueInvoicePush } from './pos-sync.service.js';

/**
 * A saved invoice is pushed (Bottle POS) or its stock is (Clover, new invoices only); the job is
 * enqueued in the invoice's transaction, so it exists exactly when the invoice does.
 */
export function enqueuePosPushOnSave(jobs: JobQueue): InvoiceSavedListener {
  return async (e) => {
    for (const partner of POS_PARTNERS) {
      if (partner === 'clover' && !e.created) continue;
      if (!e.features.has(partner)) continue;
      // inside the transaction: on PGlite a query outside it would wait for it (one connection)
      // a key that no longer opens still queues the push: the job records why it failed, and the
      // invoice is saved whatever the partner's state
      const creds = await credentialsOf(e.tx, e.companyId, partner).catch(() => 'unreadable' as const);
      if (!creds) continue;
      const [inv] = await e.tx
        .select({ id: invoices.id, updated_at: invoices.updated_at })
        .from(invoices)
        .where(and(eq(invoices.id, e.invoiceId), eq(invoices.company_id, e.companyId)));
      if (inv) await enqueueInvoicePush(jobs, e.tx, partner, e.companyId, inv, randomUUID(), e.tx);
    }
    // the worker polls; wake it once the invoice (and its job) committed
    return () => jobs.nudge();
  };
}
