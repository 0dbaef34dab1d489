import { todayInTexas } from '@dbo/domain/dates';
import * as api from '@dbo/domain/endpoints/invoices';
import { sendCsv } from '../../lib/download.js';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { invoiceCsv } from './invoice-export.service.js';
import { invoiceGrid, lastInvoice, quickSearch, recentInvoices } from './invoice-list.service.js';
import { type Actor, findInvoice, invoiceKeyOf } from './invoice-lookup.service.js';
import { loadInvoiceDetail } from './invoice-read.service.js';
import { nextNumber, saveInvoice } from './invoice-save.service.js';
import { changeInvoiceStatus, deleteInvoice } from './invoice-status.service.js';

const actorOf = (req: { auth: { companyId: number; userId: number; role: string } }): Actor => ({
  companyId: req.auth.companyId,
  userId: req.auth.userId,
  role: req.auth.role,
});

export async function privateRoutes(app: App) {
  const { db, wiring } = app.deps;
  const tags = ['invoice'];

  app.route({
    ...routeOf(api.newNumber, { tags }),
    handler: async (req) =>
      nextNumber(db, req.auth.companyId, { customerId: req.query.customerId, beer: req.query.beer }),
  });

  app.route({
    ...routeOf(api.recentInvoices, { tags }),
    handler: async (req) => recentInvoices(db, req.auth.companyId),
  });

  app.route({
    ...routeOf(api.lastInvoice, { tags }),
    handler: async (req) => lastInvoice(wiring, db, req.auth.companyId, req.query.customerId),
  });

  app.route({
    ...routeOf(api.invoiceGrid, { tags }),
    handler: async (req) => invoiceGrid(db, req.auth.companyId, req.query, req.query.customerId),
  });

  app.route({
    ...routeOf(api.invoiceExport, { tags, produces: ['text/csv'] }),
    handler: async (req, reply) => {
      const { customerId, type } = req.query;
      const csv = await invoiceCsv(db, req.auth.companyId, req.query, type, customerId);
      return sendCsv(reply, `invoices-${type}-${todayInTexas()}.csv`, csv);
    },
  });

  app.route({
    ...routeOf(api.createInvoice, { tags }),
    handler: async (req) => {
      const { detail } = await saveInvoice(wiring, db, actorOf(req), req.body);
      app.deps.emit(req.auth.companyId, 'invoice:created', { id: detail.id, number: detail.number, beer: detail.beer });
      // order:invoiced (staff and the ordering customer user) comes from the orders module's invoice hook
      return detail;
    },
  });

  app.route({
    ...routeOf(api.updateInvoice, { tags }),
    handler: async (req) => {
      if (req.body.kind === 'status') {
        const { detail, changed } = await changeInvoiceStatus(wiring, db, actorOf(req), req.params.id, req.body.change);
        if (changed)
          app.deps.emit(req.auth.companyId, 'invoice:updated', {
            id: detail.id,
            number: detail.number,
            beer: detail.beer,
          });
        return detail;
      }
      const { detail } = await saveInvoice(wiring, db, actorOf(req), req.body.invoice, req.params.id);
      app.deps.emit(req.auth.companyId, 'invoice:updated', { id: detail.id, number: detail.number, beer: detail.beer });
      return detail;
    },
  });

  app.route({
    ...routeOf(api.getInvoice, { tags }),
    handler: async (req) => {
      const inv = await findInvoice(db, req.auth.companyId, invoiceKeyOf(req.params.ref, req.query.by, true));
      return loadInvoiceDetail(wiring, db, req.auth.companyId, inv.id);
    },
  });

  app.route({
    ...routeOf(api.deleteInvoice, { tags }),
    handler: async (req) => {
      const res = await deleteInvoice(db, actorOf(req), invoiceKeyOf(req.params.ref, req.query.by));
      app.deps.emit(req.auth.companyId, 'invoice:deleted', { id: res.id, number: res.number, beer: res.beer });
      return res;
    },
  });

  app.route({
    ...routeOf(api.quickSearch, { tags: ['company'] }),
    handler: async (req) => quickSearch(db, req.auth.companyId, req.query.query),
  });
}
