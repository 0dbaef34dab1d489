import { CUSTOMER_APP_MSG } from '@dbo/domain/customer-app';
import * as api from '@dbo/domain/endpoints/customer-app';
import { eq } from 'drizzle-orm';
import { routeOf } from '../../lib/endpoint-route.js';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../lib/http.js';
import { sha256 } from '../../lib/passwords.js';
import { shopUrl } from '../../lib/shop-url.js';
import { customerUsers } from '../customers/customers.tables.js';
import { companies } from '../company/company.tables.js';
import { balancePdf, balancePrintData, customerBalance } from '../invoices/customer-balance.service.js';
import {
  customerPreferences,
  requestCustomerReset,
  resetCustomerPassword,
  saveCustomerPreferences,
} from './customer-self.service.js';
import { buildOrder, customerOrderDetail, findOrder, forCustomer } from '../orders/orders.detail.js';
import { orderNotifier } from '../orders/orders.events.js';
import { customerOrders } from '../orders/orders.grid.js';
import { getCart, orderAgain, placeOrder, saveCart } from '../orders/orders.place.js';
import { orderPrintUrl } from '../orders/orders.service.js';
import { loadPrintableInvoice } from '../invoices/invoice-read.service.js';
import { invoicePdf } from '../pdf/pdf.service.js';
import { closeCustomerSockets } from '../customers/customer-sessions.service.js';
import { customerActor } from './customer-app.auth.js';
import { hostSubdomain, shopCompany } from './shop-company.js';
import { catalog } from './catalog.service.js';
import { customerInvoices, ownInvoiceId } from './customer-invoices.service.js';

const tags = ['customer-app'];
const pdfHeaders = (name: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `inline; filename="${name}.pdf"`,
  'cache-control': 'no-store',
});

/**
 * The customer ordering app's API (issue 12). These routes are outside the staff token check: each
 * reads its customer-app token itself (customerActor), so a staff token is a 401 here and a
 * customer token is a 401 on staff routes.
 */
export async function publicRoutes(app: App) {
  const { db, config } = app.deps;
  const printUrl = orderPrintUrl(app);
  const notify = orderNotifier(app.deps, (err) => app.log.error(err));
  const limit = {
    rateLimit: {
      max: config.rateLimitAuth,
      timeWindow: '1 minute',
      keyGenerator: (req: { ip: string }) => `cu-reset:${req.ip}`,
    },
  };

  app.route({
    ...routeOf(api.company, { tags }),
    handler: async (req) => {
      const subdomain = req.query.subdomain ?? hostSubdomain(req, config.appDomain);
      if (!subdomain) throw notFound(CUSTOMER_APP_MSG.companyNotFound);
      const company = await shopCompany(db, config, subdomain);
      if (!company) throw notFound(CUSTOMER_APP_MSG.companyNotFound);
      return company;
    },
  });

  // the old /signup?token= link forwards to its shop's sign-up: the token names the company
  app.route({
    ...routeOf(api.invitation, { tags }),
    config: limit,
    handler: async (req) => {
      const [row] = await db
        .select({ subdomain: companies.subdomain, company: companies.name })
        .from(customerUsers)
        .innerJoin(companies, eq(companies.id, customerUsers.company_id))
        .where(eq(customerUsers.invitation_token_hash, sha256(req.query.token)));
      if (!row?.subdomain) throw notFound('Invitation not found');
      return { subdomain: row.subdomain, company: row.company, shop_url: shopUrl(config, row.subdomain) };
    },
  });

  app.route({
    ...routeOf(api.requestReset, { tags }),
    config: limit,
    handler: async (req) => {
      const reset = await requestCustomerReset(db, req.body.email, req.body.subdomain);
      if (reset) {
        const base = shopUrl(config, reset.subdomain ?? '');
        const link = `${base}/reset-password?token=${encodeURIComponent(reset.token)}`;
        try {
          await app.deps.mailer.send({
            to: reset.to,
            subject: `Reset your ${reset.company} ordering password`,
            text: `Hello ${reset.name},\n\nSet a new password with this link (valid for one hour):\n${link}\n\nIf you did not ask for it, ignore this message.\n`,
          });
        } catch (err) {
          req.log.error(err);
        }
      }
      return { success: true, message: CUSTOMER_APP_MSG.resetSent };
    },
  });

  app.route({
    ...routeOf(api.resetPassword, { tags }),
    config: limit,
    handler: async (req) => {
      const customerUserId = await resetCustomerPassword(db, req.body.token, req.body.password);
      closeCustomerSockets(app.deps, { customerUserIds: [customerUserId] });
      return { success: true };
    },
  });

  app.route({
    ...routeOf(api.catalog, { tags }),
    handler: async (req) => catalog(db, await customerActor(db, req), req.query),
  });

  app.route({
    ...routeOf(api.cart, { tags }),
    handler: async (req) => getCart(db, await customerActor(db, req)),
  });

  app.route({
    ...routeOf(api.saveCart, { tags }),
    handler: async (req) => saveCart(db, await customerActor(db, req), req.body),
  });

  app.route({
    ...routeOf(api.placeOrder, { tags }),
    handler: async (req) => {
      const who = await customerActor(db, req);
      const { id, created } = await placeOrder(db, who, req.body);
      // the same client_id again answers the order it made, without a second "new order"
      if (created) await notify.placed(id);
      return forCustomer(await buildOrder(db, await findOrder(db, who.companyId, { id }), printUrl));
    },
  });

  app.route({
    ...routeOf(api.orderAgain, { tags }),
    handler: async (req) => orderAgain(db, await customerActor(db, req), req.params.id),
  });

  app.route({
    ...routeOf(api.orders, { tags }),
    handler: async (req) => {
      const who = await customerActor(db, req);
      return customerOrders(db, who.companyId, who.customerId, {
        startRow: req.query.startRow,
        endRow: req.query.endRow ?? req.query.startRow + 25,
        filterModel: {},
        sortModel: [],
      });
    },
  });

  app.route({
    ...routeOf(api.order, { tags }),
    handler: async (req) => {
      const who = await customerActor(db, req);
      return customerOrderDetail(db, who.companyId, who.customerId, req.params.id, printUrl);
    },
  });

  app.route({
    ...routeOf(api.invoices, { tags }),
    handler: async (req) => customerInvoices(db, await customerActor(db, req), req.query),
  });

  app.route({
    ...routeOf(api.invoicePdf, { tags, produces: ['application/pdf'] }),
    handler: async (req, reply) => {
      const who = await customerActor(db, req);
      const id = await ownInvoiceId(db, who, req.params.id);
      const data = await loadPrintableInvoice(app.deps.wiring, db, who.companyId, id);
      const { pdf } = await invoicePdf(config.dataDir, data);
      return reply.headers(pdfHeaders(`invoice-${data.number_label}`)).send(pdf);
    },
  });

  app.route({
    ...routeOf(api.balance, { tags }),
    handler: async (req) => {
      const who = await customerActor(db, req);
      const balance = await customerBalance(db, who.companyId, who.customerId);
      return { ...balance, pdf_path: '/customer-app/balance/pdf' };
    },
  });

  app.route({
    ...routeOf(api.balancePdf, { tags, produces: ['application/pdf'] }),
    handler: async (req, reply) => {
      const who = await customerActor(db, req);
      const pdf = await balancePdf(await balancePrintData(db, who.companyId, who.customerId));
      return reply.headers(pdfHeaders('balance')).send(pdf);
    },
  });

  // preferences stay reachable while ordering is off (a user may still want fewer messages)
  app.route({
    ...routeOf(api.preferences, { tags }),
    handler: async (req) => {
      const who = await customerActor(db, req, { ordering: false });
      return customerPreferences(db, who.customerUserId);
    },
  });

  app.route({
    ...routeOf(api.savePreferences, { tags }),
    handler: async (req) => {
      const who = await customerActor(db, req, { ordering: false });
      return saveCustomerPreferences(db, who.customerUserId, req.body);
    },
  });
}
