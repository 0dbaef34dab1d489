import { mpowerInvoiceOut } from '@dbo/domain/fintech';
import { idParams } from '@dbo/domain/primitives';
import type { App } from '../../lib/http.js';
import { syncInvoiceToMpower } from './mpower.service.js';

export async function privateRoutes(app: App) {
  app.get(
    '/mpower/:id/sync',
    {
      schema: {
        tags: ['mpower'],
        description:
          "Sends invoice {id} to MPower now and answers the invoice's MPower record: MPower's response, or the error (the record is kept and shown on the invoice as mPowerInvoice). 403 when the mpower feature is off; 400 without an MPower API key.",
        params: idParams,
        response: { 200: mpowerInvoiceOut },
      },
    },
    async (req) =>
      syncInvoiceToMpower(app.deps, { companyId: req.auth.companyId, userId: req.auth.userId }, req.params.id),
  );
}
