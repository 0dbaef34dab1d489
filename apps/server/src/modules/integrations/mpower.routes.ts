import * as api from '@dbo/domain/endpoints/mpower';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { syncInvoiceToMpower } from './mpower.service.js';

export async function privateRoutes(app: App) {
  app.route({
    ...routeOf(api.mpowerSync, {
      tags: ['mpower'],
      description:
        "Sends invoice {id} to MPower now and answers the invoice's MPower record: MPower's response, or the error (the record is kept and shown on the invoice as mPowerInvoice). 403 when the mpower feature is off; 400 without an MPower API key.",
    }),
    handler: async (req) =>
      syncInvoiceToMpower(app.deps, { companyId: req.auth.companyId, userId: req.auth.userId }, req.params.id),
  });
}
