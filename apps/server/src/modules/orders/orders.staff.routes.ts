import * as api from '@dbo/domain/endpoints/orders-staff';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { printLinkGone, verifyPrintToken } from '../../lib/print-token.js';
import { assertPrintableCustomer } from '../customers/customers.service.js';
import { logoFile } from '../pdf/pdf.service.js';
import { buildOrder, detailOf, findOrder, orderDetailByNumber } from './orders.detail.js';
import { orderNotifier } from './orders.events.js';
import { orderGrid } from './orders.grid.js';
import { renderOrderPdf } from './orders.pdf.js';
import { orderPrintUrl } from './orders.service.js';
import { changeOrderStatus } from './orders.status.js';

const tags = ['orders'];
/**
 * Staff order pages (spec 2): the grid, the detail by number (also the invoice builder's `?order=`
 * source) and the status change. /order/count stays in orders.routes.ts.
 */
export async function privateRoutes(app: App) {
  const { db } = app.deps;
  const printUrl = orderPrintUrl(app);
  const notify = orderNotifier(app.deps, (err) => app.log.error(err));

  app.route({
    ...routeOf(api.orderGrid, { tags }),
    handler: async (req) => orderGrid(db, req.auth.companyId, req.query),
  });

  app.route({
    ...routeOf(api.orderByNumber, { tags }),
    handler: async (req) => orderDetailByNumber(db, req.auth.companyId, req.params.number, printUrl),
  });

  app.route({
    ...routeOf(api.changeOrderStatus, { tags }),
    handler: async (req) => {
      const o = await changeOrderStatus(db, req.auth, req.params.id, req.body);
      await notify.statusChanged(o, 'status');
      return detailOf(
        await buildOrder(db, await findOrder(db, req.auth.companyId, { id: o.id }), printUrl, { staff: true }),
      );
    },
  });
}

export async function publicRoutes(app: App) {
  const { db, config } = app.deps;
  const printUrl = orderPrintUrl(app);

  /** The printable order page's data; ?format=pdf answers the PDF. A bad or expired token is a 404. */
  app.route({
    ...routeOf(api.printableOrder, { tags, produces: ['application/json', 'application/pdf'] }),
    handler: async (req, reply) => {
      const { id, companyId } = verifyPrintToken(app, req.params.token, 'order');
      // the link dies with its order and with its customer
      const row = await findOrder(db, companyId, { id }).catch(() => {
        throw printLinkGone();
      });
      await assertPrintableCustomer(db, companyId, row.customer_id);
      const order = await buildOrder(db, row, printUrl);
      reply.header('cache-control', 'no-store');
      if (req.query.format === 'pdf') {
        const pdf = await renderOrderPdf(order, await orderLogo(config.dataDir, order.logo));
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="order-${order.order_number}.pdf"`)
          .send(pdf as never); // a Buffer skips the JSON serializer; the schema is the JSON answer's
      }
      return { order };
    },
  });
}

/** The logo file behind the order's logo URL (PNG or JPEG only). */
async function orderLogo(dataDir: string, logo: string | null) {
  if (!logo) return null;
  const mimetype = /\.png$/i.test(logo) ? 'image/png' : /\.jpe?g$/i.test(logo) ? 'image/jpeg' : '';
  return logoFile(dataDir, { id: 0, path: logo, originalname: '', mimetype, size: 0 });
}
