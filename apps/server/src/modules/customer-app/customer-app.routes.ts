import { pdfOut } from '@dbo/domain/invoice';
import {
  CUSTOMER_APP_MSG,
  cartOut,
  cartRequest,
  catalogOut,
  catalogQuery,
  companyQuery,
  customerAppCompanyOut,
  customerBalanceOut,
  customerIdParams,
  customerInvoicesOut,
  customerListQuery,
  customerOrdersOut,
  invitationQuery,
  invitationShopOut,
  placeOrderRequest,
  preferencesOut,
  preferencesRequest,
  resetPasswordRequest,
  resetRequest,
  successOut,
} from '@dbo/domain/customer-app';
import { orderDetailOut, orderOut } from '@dbo/domain/order';
import { eq } from 'drizzle-orm';
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

  app.get(
    '/customer-app/company',
    { schema: { tags, querystring: companyQuery, response: { 200: customerAppCompanyOut } } },
    async (req) => {
      const subdomain = req.query.subdomain ?? hostSubdomain(req, config.appDomain);
      if (!subdomain) throw notFound(CUSTOMER_APP_MSG.companyNotFound);
      const company = await shopCompany(db, config, subdomain);
      if (!company) throw notFound(CUSTOMER_APP_MSG.companyNotFound);
      return company;
    },
  );

  // the old /signup?token= link forwards to its shop's sign-up: the token names the company
  app.get(
    '/customer-app/invitation',
    { schema: { tags, querystring: invitationQuery, response: { 200: invitationShopOut } }, config: limit },
    async (req) => {
      const [row] = await db
        .select({ subdomain: companies.subdomain, company: companies.name })
        .from(customerUsers)
        .innerJoin(companies, eq(companies.id, customerUsers.company_id))
        .where(eq(customerUsers.invitation_token_hash, sha256(req.query.token)));
      if (!row?.subdomain) throw notFound('Invitation not found');
      return { subdomain: row.subdomain, company: row.company, shop_url: shopUrl(config, row.subdomain) };
    },
  );

  app.post(
    '/customer-app/reset-request',
    { schema: { tags, body: resetRequest, response: { 200: successOut } }, config: limit },
    async (req) => {
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
  );

  app.put(
    '/customer-app/password',
    { schema: { tags, body: resetPasswordRequest, response: { 200: successOut } }, config: limit },
    async (req) => {
      const customerUserId = await resetCustomerPassword(db, req.body.token, req.body.password);
      closeCustomerSockets(app.deps, { customerUserIds: [customerUserId] });
      return { success: true };
    },
  );

  app.get(
    '/customer-app/catalog',
    { schema: { tags, querystring: catalogQuery, response: { 200: catalogOut } } },
    async (req) => catalog(db, await customerActor(db, req), req.query),
  );

  app.get('/customer-app/cart', { schema: { tags, response: { 200: cartOut } } }, async (req) =>
    getCart(db, await customerActor(db, req)),
  );

  app.put('/customer-app/cart', { schema: { tags, body: cartRequest, response: { 200: cartOut } } }, async (req) =>
    saveCart(db, await customerActor(db, req), req.body),
  );

  app.post(
    '/customer-app/order',
    { schema: { tags, body: placeOrderRequest, response: { 200: orderOut } } },
    async (req) => {
      const who = await customerActor(db, req);
      const { id, created } = await placeOrder(db, who, req.body);
      // the same client_id again answers the order it made, without a second "new order"
      if (created) await notify.placed(id);
      return forCustomer(await buildOrder(db, await findOrder(db, who.companyId, { id }), printUrl));
    },
  );

  app.post(
    '/customer-app/order/:id/again',
    { schema: { tags, params: customerIdParams, response: { 200: cartOut } } },
    async (req) => orderAgain(db, await customerActor(db, req), req.params.id),
  );

  app.get(
    '/customer-app/order',
    { schema: { tags, querystring: customerListQuery, response: { 200: customerOrdersOut } } },
    async (req) => {
      const who = await customerActor(db, req);
      return customerOrders(db, who.companyId, who.customerId, {
        startRow: req.query.startRow,
        endRow: req.query.endRow ?? req.query.startRow + 25,
        filterModel: {},
        sortModel: [],
      });
    },
  );

  app.get(
    '/customer-app/order/:id',
    { schema: { tags, params: customerIdParams, response: { 200: orderDetailOut } } },
    async (req) => {
      const who = await customerActor(db, req);
      return customerOrderDetail(db, who.companyId, who.customerId, req.params.id, printUrl);
    },
  );

  app.get(
    '/customer-app/invoice',
    { schema: { tags, querystring: customerListQuery, response: { 200: customerInvoicesOut } } },
    async (req) => customerInvoices(db, await customerActor(db, req), req.query),
  );

  app.get(
    '/customer-app/invoice/:id/pdf',
    { schema: { tags, params: customerIdParams, produces: ['application/pdf'], response: { 200: pdfOut } } },
    async (req, reply) => {
      const who = await customerActor(db, req);
      const id = await ownInvoiceId(db, who, req.params.id);
      const data = await loadPrintableInvoice(app.deps.wiring, db, who.companyId, id);
      const { pdf } = await invoicePdf(config.dataDir, data);
      return reply.headers(pdfHeaders(`invoice-${data.number_label}`)).send(pdf);
    },
  );

  app.get('/customer-app/balance', { schema: { tags, response: { 200: customerBalanceOut } } }, async (req) => {
    const who = await customerActor(db, req);
    const balance = await customerBalance(db, who.companyId, who.customerId);
    return { ...balance, pdf_path: '/customer-app/balance/pdf' };
  });

  app.get(
    '/customer-app/balance/pdf',
    { schema: { tags, produces: ['application/pdf'], response: { 200: pdfOut } } },
    async (req, reply) => {
      const who = await customerActor(db, req);
      const pdf = await balancePdf(await balancePrintData(db, who.companyId, who.customerId));
      return reply.headers(pdfHeaders('balance')).send(pdf);
    },
  );

  // preferences stay reachable while ordering is off (a user may still want fewer messages)
  app.get('/customer-app/preferences', { schema: { tags, response: { 200: preferencesOut } } }, async (req) => {
    const who = await customerActor(db, req, { ordering: false });
    return customerPreferences(db, who.customerUserId);
  });

  app.put(
    '/customer-app/preferences',
    { schema: { tags, body: preferencesRequest, response: { 200: preferencesOut } } },
    async (req) => {
      const who = await customerActor(db, req, { ordering: false });
      return saveCustomerPreferences(db, who.customerUserId, req.body);
    },
  );
}
