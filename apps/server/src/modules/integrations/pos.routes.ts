import { todayInTexas } from '@dbo/domain/dates';
import {
  exportedInvoiceOut,
  exportInvoicesQuery,
  POS_PARTNERS,
  POS_PATH,
  syncHistoryOut,
  syncIdParams,
  syncInvoicesQuery,
  syncLogOut,
  syncProductsQuery,
  syncStartedOut,
} from '@dbo/domain/pos-sync';
import { z } from 'zod';
import type { App } from '../../lib/http.js';
import { registerPosJobs } from './pos-jobs.js';
import { assertPartnerOn, exportInvoices, startInvoiceSync, startProductSync } from './pos-sync.service.js';
import { syncHistory, syncLog } from './pos-sync.read.js';

const tags = ['integrations'];

/**
 * Bottle POS and Clover (spec 2 section 7): the same four calls under /bottle-pos/ and /clover/,
 * plus the Bottle POS invoice export. Syncs run as queued jobs; these routes start them.
 * `company_id` in the query is accepted for the spec's shape but the signed-in company is used.
 */
export async function privateRoutes(app: App) {
  const { db, jobs } = app.deps;
  const posJobs = registerPosJobs(app.deps);

  for (const partner of POS_PARTNERS) {
    const base = `/${POS_PATH[partner]}`;
    const ptags = [...tags, POS_PATH[partner]];

    app.get(`${base}/sync/history`, { schema: { tags: ptags, response: { 200: syncHistoryOut } } }, async (req) => {
      await assertPartnerOn(db, req.auth.companyId, partner);
      return syncHistory(db, req.auth.companyId, partner);
    });

    app.get(
      `${base}/sync-invoices`,
      { schema: { tags: ptags, querystring: syncInvoicesQuery, response: { 200: syncStartedOut } } },
      async (req) => startInvoiceSync(db, jobs, req.auth.companyId, partner, req.query.filterModel),
    );

    app.get(
      `${base}/sync-products`,
      { schema: { tags: ptags, querystring: syncProductsQuery, response: { 200: syncStartedOut } } },
      async (req) =>
        startProductSync(db, jobs, req.auth.companyId, partner, !!req.query.onlyFirstChunk, posJobs.pullProducts),
    );

    app.get(
      `${base}/sync-log/:syncId`,
      { schema: { tags: ptags, params: syncIdParams, response: { 200: syncLogOut } } },
      async (req) => {
        await assertPartnerOn(db, req.auth.companyId, partner);
        return syncLog(db, req.auth.companyId, partner, req.params.syncId);
      },
    );
  }

  app.get(
    '/bottle-pos/export-invoices',
    {
      schema: {
        tags: [...tags, 'bottle-pos'],
        querystring: exportInvoicesQuery,
        response: { 200: z.array(exportedInvoiceOut).describe('JSON file (attachment)') },
      },
    },
    async (req, reply) => {
      await assertPartnerOn(db, req.auth.companyId, 'bottle_pos');
      const rows = await exportInvoices(db, req.auth.companyId, req.query.filterModel);
      reply.header('content-disposition', `attachment; filename="bottle-pos-invoices-${todayInTexas()}.json"`);
      return rows;
    },
  );
}
