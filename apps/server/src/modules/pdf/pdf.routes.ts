import { and, eq } from 'drizzle-orm';
import { printLinkGone, printTokenParams, signPrintToken, verifyPrintToken } from '../../lib/print-token.js';
import { assertPrintableCustomer } from '../customers/customers.service.js';
import { invoices } from '../invoices/invoices.tables.js';
import { pdfOut, printLinkOut, printablePageOut } from '@dbo/domain/invoice';
import { boundedText, dbId, idParams } from '@dbo/domain/primitives';
import { z } from 'zod';
import type { App } from '../../lib/http.js';
import { findInvoice } from '../invoices/invoice-lookup.service.js';
import { loadPrintableInvoice } from '../invoices/invoice-read.service.js';
import { invoicePdf } from './pdf.service.js';

const pdfBody = z.object({
  number: z.union([boundedText('Invoice number', 40).trim().min(1), dbId('Invoice number')], {
    error: 'Invoice number is required',
  }),
  beer: z.boolean().optional(),
  /** true: answer {url} of the printable page instead of the PDF file */
  url: z.boolean().optional(),
});

/** Printable links last a week; a new one is signed for every request. */
const PRINT_LINK_TTL = '7d';

export async function privateRoutes(app: App) {
  const { db, config } = app.deps;
  const tags = ['pdf'];
  const printLink = (invoiceId: number, companyId: number) => {
    const token = signPrintToken(app, 'invoice', invoiceId, companyId, PRINT_LINK_TTL);
    return { url: `/invoice/pdf/${token}`, token, expires_in: PRINT_LINK_TTL };
  };

  // POST /invoice/pdf {number, beer?} -> application/pdf; with url: true -> {url, token}
  app.post(
    '/invoice/pdf',
    {
      schema: {
        tags,
        body: pdfBody,
        produces: ['application/json', 'application/pdf'],
        response: { 200: z.union([printLinkOut, pdfOut]) },
      },
    },
    async (req, reply) => {
      const inv = await findInvoice(db, req.auth.companyId, { number: req.body.number, beer: req.body.beer });
      if (req.body.url) return printLink(inv.id, req.auth.companyId);
      const data = await loadPrintableInvoice(app.deps.wiring, db, req.auth.companyId, inv.id);
      const { pdf, filename } = await invoicePdf(config.dataDir, data);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
    },
  );

  // The staff's link to the public printable page of an invoice.
  app.get(
    '/invoice/:id/print-link',
    { schema: { tags, params: idParams, response: { 200: printLinkOut } } },
    async (req) => {
      const inv = await findInvoice(db, req.auth.companyId, { id: req.params.id });
      return printLink(inv.id, req.auth.companyId);
    },
  );
}

export async function publicRoutes(app: App) {
  const { db } = app.deps;
  // The printable page's data; a bad, expired or other-kind token is a 404.
  app.get(
    '/pdf/invoice/:token',
    { schema: { tags: ['pdf'], params: printTokenParams, response: { 200: printablePageOut } } },
    async (req, reply) => {
      const { id, companyId } = verifyPrintToken(app, req.params.token, 'invoice');
      reply.header('cache-control', 'no-store');
      // the link dies with its invoice (a deleted invoice is not found) and with its customer
      const [inv] = await db
        .select({ customer_id: invoices.customer_id })
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.company_id, companyId)));
      if (!inv) throw printLinkGone();
      await assertPrintableCustomer(db, companyId, inv.customer_id);
      return { invoice: await loadPrintableInvoice(app.deps.wiring, db, companyId, id) };
    },
  );
}
