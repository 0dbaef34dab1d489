import { todayInTexas } from '@dbo/domain/dates';
import * as api from '@dbo/domain/endpoints/pos';
import { POS_PARTNERS, POS_PATH, type PosPartner } from '@dbo/domain/pos-sync';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { registerPosJobs } from './pos-jobs.js';
import { assertPartnerOn, exportInvoices, startInvoiceSync, startProductSync } from './pos-sync.service.js';
import { syncHistory, syncLog } from './pos-sync.read.js';

const tags = ['integrations'];

/** Each partner's group of endpoints. */
const POS_ENDPOINTS: Record<PosPartner, ReturnType<typeof api.posEndpoints>> = {
  bottle_pos: api.bottlePos,
  clover: api.clover,
};

/**
 * Bottle POS and Clover (spec 2 section 7): the same four calls under /bottle-pos/ and /clover/,
 * plus the Bottle POS invoice export. Syncs run as queued jobs; these routes start them.
 * `company_id` in the query is accepted for the spec's shape but the signed-in company is used.
 */
export async function privateRoutes(app: App) {
  const { db, jobs } = app.deps;
  const posJobs = registerPosJobs(app.deps);

  for (const partner of POS_PARTNERS) {
    const ep = POS_ENDPOINTS[partner];
    const ptags = [...tags, POS_PATH[partner]];

    app.route({
      ...routeOf(ep.syncHistory, { tags: ptags }),
      handler: async (req) => {
        await assertPartnerOn(db, req.auth.companyId, partner);
        return syncHistory(db, req.auth.companyId, partner);
      },
    });

    app.route({
      ...routeOf(ep.syncInvoices, { tags: ptags }),
      handler: async (req) => startInvoiceSync(db, jobs, req.auth.companyId, partner, req.query.filterModel),
    });

    app.route({
      ...routeOf(ep.syncProducts, { tags: ptags }),
      handler: async (req) =>
        startProductSync(db, jobs, req.auth.companyId, partner, !!req.query.onlyFirstChunk, posJobs.pullProducts),
    });

    app.route({
      ...routeOf(ep.syncLog, { tags: ptags }),
      handler: async (req) => {
        await assertPartnerOn(db, req.auth.companyId, partner);
        return syncLog(db, req.auth.companyId, partner, req.params.syncId);
      },
    });
  }

  app.route({
    ...routeOf(api.bottlePos.exportInvoices, { tags: [...tags, 'bottle-pos'] }),
    handler: async (req, reply) => {
      await assertPartnerOn(db, req.auth.companyId, 'bottle_pos');
      const rows = await exportInvoices(db, req.auth.companyId, req.query.filterModel);
      reply.header('content-disposition', `attachment; filename="bottle-pos-invoices-${todayInTexas()}.json"`);
      return rows;
    },
  });
}
