import * as api from '@dbo/domain/endpoints/customer-balance';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { signPrintToken, verifyPrintToken } from '../../lib/print-token.js';
import { balancePdf, balancePrintData, customerBalance, customerOwing } from './customer-balance.service.js';
import { assertPrintableCustomer } from '../customers/customers.service.js';
import { sendPdf } from '../../lib/download.js';

/** A customer's balance: what they owe on open invoices, on screen, as a PDF and as a public printable page. */
const tags = ['customer'];

export async function privateRoutes(app: App) {
  const { db } = app.deps;

  app.route({
    ...routeOf(api.checkBalance, { tags }),
    handler: async (req) => customerOwing(db, req.auth.companyId, req.params.id),
  });

  app.route({
    ...routeOf(api.customerBalance, { tags }),
    handler: async (req) => customerBalance(db, req.auth.companyId, req.params.id),
  });

  /** The PDF itself; with {format: 'url'} the link of the public printable page instead. */
  app.route({
    ...routeOf(api.balancePdf, { tags, produces: ['application/json', 'application/pdf'] }),
    handler: async (req, reply) => {
      const data = await balancePrintData(db, req.auth.companyId, req.params.id);
      if (req.body?.format === 'url') {
        const token = signPrintToken(app, 'balance', req.params.id, req.auth.companyId);
        return { url: `/customer/balance/pdf/${token}`, token };
      }
      return sendPdf(reply, balancePdfName(data), await balancePdf(data));
    },
  });
}

/** The balance PDF's file name, from the staff screen or the customer's public page alike. */
const balancePdfName = (data: { customer: { name: string } }) =>
  `balance-${data.customer.name.replace(/[^a-zA-Z0-9]+/g, '-').toLowerCase()}.pdf`;

export async function publicRoutes(app: App) {
  const { db } = app.deps;

  /** The public printable balance page's data; ?format=pdf answers the PDF. */
  app.route({
    ...routeOf(api.balancePrintPage, { tags, produces: ['application/json', 'application/pdf'] }),
    handler: async (req, reply) => {
      const { id, companyId } = verifyPrintToken(app, req.params.token, 'balance');
      // the link dies with its customer
      await assertPrintableCustomer(db, companyId, id);
      const data = await balancePrintData(db, companyId, id);
      if (req.query.format === 'pdf') {
        return sendPdf(reply, balancePdfName(data), await balancePdf(data));
      }
      return data;
    },
  });
}
