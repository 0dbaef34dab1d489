import { todayInTexas } from '@dbo/domain/dates';
import * as api from '@dbo/domain/endpoints/stamp-log';
import { sendCsv } from '../../lib/download.js';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { stampLogCsv, stampLogGrid } from './stamp-log.service.js';

/**
 * The stamp log: every range logged, destroyed or released, with the invoice it went on. It reads
 * the stamps module's ledger and the invoices' numbers, so it lives above both.
 */
const tags = ['stamps'];

export async function privateRoutes(app: App) {
  const { db } = app.deps;

  app.route({
    ...routeOf(api.stampLogGrid, { tags }),
    handler: async (req) => stampLogGrid(db, req.auth.companyId, req.query),
  });

  app.route({
    ...routeOf(api.stampLogDownload, { tags, produces: ['text/csv'] }),
    handler: async (req, reply) => {
      const csv = await stampLogCsv(db, req.auth.companyId, req.query);
      return sendCsv(reply, `stamp-log-${todayInTexas()}.csv`, csv);
    },
  });
}
