import { gridQuerySchema } from '@dbo/domain/grid';
import { emailGridOut, emailSentOut, invoiceEmailsOut, sendInvoiceEmailSchema } from '@dbo/domain/payment';
import { boundedText, idParams } from '@dbo/domain/primitives';
import { z } from 'zod';
import type { App } from '../../lib/http.js';
import { emailGrid, invoiceEmails, sendInvoiceEmail } from './email.service.js';

// POST takes the invoice number ('1001', '1001B'); GET takes the invoice id (spec 1 section 7).
const numberParams = z.object({ id: boundedText('Invoice number', 40).trim().min(1) });

export async function privateRoutes(app: App) {
  const { db, mailer, config } = app.deps;
  const tags = ['email'];

  app.get(
    '/invoice/email/grid',
    { schema: { tags, querystring: gridQuerySchema, response: { 200: emailGridOut } } },
    async (req) => emailGrid(db, req.auth.companyId, req.query),
  );

  app.post(
    '/invoice/:id/email',
    { schema: { tags, params: numberParams, body: sendInvoiceEmailSchema, response: { 200: emailSentOut } } },
    async (req) =>
      sendInvoiceEmail(app.deps.wiring, db, mailer, config.dataDir, {
        companyId: req.auth.companyId,
        userId: req.auth.userId,
        number: req.params.id,
        emails: req.body.emails,
        notes: req.body.notes,
        beer: req.body.beer,
      }),
  );

  app.get(
    '/invoice/:id/email',
    { schema: { tags, params: idParams, response: { 200: invoiceEmailsOut } } },
    async (req) => invoiceEmails(db, req.auth.companyId, req.params.id),
  );
}
