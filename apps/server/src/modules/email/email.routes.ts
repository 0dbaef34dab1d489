import * as api from '@dbo/domain/endpoints/email';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { emailGrid, invoiceEmails, sendInvoiceEmail } from './email.service.js';

export async function privateRoutes(app: App) {
  const { db, mailer, config } = app.deps;
  const tags = ['email'];

  app.route({
    ...routeOf(api.emailGrid, { tags }),
    handler: async (req) => emailGrid(db, req.auth.companyId, req.query),
  });

  app.route({
    ...routeOf(api.sendInvoiceEmail, { tags }),
    handler: async (req) =>
      sendInvoiceEmail(app.deps.wiring, db, mailer, config.dataDir, {
        companyId: req.auth.companyId,
        userId: req.auth.userId,
        number: req.params.id,
        emails: req.body.emails,
        notes: req.body.notes,
        beer: req.body.beer,
      }),
  });

  app.route({
    ...routeOf(api.invoiceEmails, { tags }),
    handler: async (req) => invoiceEmails(db, req.auth.companyId, req.params.id),
  });
}
