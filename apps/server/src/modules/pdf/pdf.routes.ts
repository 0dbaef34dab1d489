import * as api from '@dbo/domain/endpoints/pdf';
import { and, eq } from 'drizzle-orm';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { printLinkGone, signPrintToken, verifyPrintToken } from '../../lib/print-token.js';
import { assertPrintableCustomer } from '../customers/customers.service.js';
import { findInvoice } from '../invoices/invoice-lookup.service.js';
import { loadPrintableInvoice } from '../invoices/invoice-read.service.js';
import { invoices } from '../invoices/invoices.tables.js';
import { invoicePdf } from './pdf.service.js';

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
  app.route({
    ...routeOf(api.invoicePdf, { tags, produces: ['application/json', 'application/pdf'] }),
    handler: async (req, reply) => {
      const inv = await findInvoice(db, req.auth.companyId, { number: req.body.number, beer: req.body.beer });
      if (req.body.url) return printLink(inv.id, req.auth.companyId);
      const data = await loadPrintableInvoice(app.deps.wiring, db, req.auth.companyId, inv.id);
      const { pdf, filename } = await invoicePdf(config.dataDir, data);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
    },
  });

  // The staff's link to the public printable page of an invoice.
  app.route({
    ...routeOf(api.invoicePrintLink, { tags }),
    handler: async (req) => {
      const inv = await findInvoice(db, req.auth.companyId, { id: req.params.id });
      return printLink(inv.id, req.auth.companyId);
    },
  });
}

export async function publicRoutes(app: App) {
  const { db } = app.deps;
  // The printable page's data; a bad, expired or other-kind token is a 404.
  app.route({
    ...routeOf(api.printableInvoice, { tags: ['pdf'] }),
    handler: async (req, reply) => {
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
  });
}
