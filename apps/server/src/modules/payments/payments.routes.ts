import * as api from '@dbo/domain/endpoints/payments';
import { PAYMENT_MSG } from '@dbo/domain/payment';
import { routeOf } from '../../lib/endpoint-route.js';
import { forbidden } from '../../lib/errors.js';
import type { App } from '../../lib/http.js';
import { findInvoice } from '../invoices/invoice-lookup.service.js';
import {
  addCustomerPayment,
  applyCredit,
  customerPayments,
  customerReceivable,
  deleteCustomerPayment,
} from './customer-payments.service.js';
import { addPayment, deletePayment, listPayments, paymentGrid, updatePayment } from './payments.service.js';

export async function privateRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['payments'];

  app.route({
    ...routeOf(api.paymentGrid, { tags }),
    handler: async (req) =>
      paymentGrid(db, req.auth.companyId, req.query, {
        customerId: req.query.customerId,
        invoiceId: req.query.invoiceId,
      }),
  });

  app.route({
    ...routeOf(api.invoicePayments, { tags }),
    handler: async (req) => {
      const inv = await findInvoice(db, req.auth.companyId, { id: req.params.id });
      return listPayments(db, req.auth.companyId, inv.id);
    },
  });

  app.route({
    ...routeOf(api.addPayment, { tags }),
    handler: async (req) => {
      const res = await addPayment(db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
      app.deps.emit(req.auth.companyId, 'invoice:payment', { id: req.params.id });
      return res;
    },
  });

  app.route({
    ...routeOf(api.updatePayment, { tags }),
    handler: async (req) => {
      const { id, paymentId } = req.params;
      const res = await updatePayment(db, req.auth.companyId, req.auth.userId, id, paymentId, req.body);
      app.deps.emit(req.auth.companyId, 'invoice:payment', { id });
      return res;
    },
  });

  app.route({
    ...routeOf(api.deletePayment, { tags }),
    handler: async (req) => {
      // spec 1 section 6: only the owner deletes payments
      if (req.auth.role !== 'owner') throw forbidden(PAYMENT_MSG.ownerOnly);
      const res = await deletePayment(db, req.auth.companyId, req.auth.userId, req.params.id, req.params.paymentId);
      app.deps.emit(req.auth.companyId, 'invoice:payment', { id: req.params.id });
      return res;
    },
  });

  // ---- receivables: a payment from a customer over several invoices, on-account credit ----

  app.route({
    ...routeOf(api.customerReceivable, { tags }),
    handler: async (req) => customerReceivable(db, req.auth.companyId, req.params.id),
  });

  app.route({
    ...routeOf(api.customerPayments, { tags }),
    handler: async (req) => {
      await customerReceivable(db, req.auth.companyId, req.params.id);
      return customerPayments(db, req.auth.companyId, req.params.id);
    },
  });

  app.route({
    ...routeOf(api.addCustomerPayment, { tags }),
    handler: async (req) => {
      const res = await addCustomerPayment(db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
      for (const inv of res.invoices) app.deps.emit(req.auth.companyId, 'invoice:payment', { id: inv.id });
      return res;
    },
  });

  app.route({
    ...routeOf(api.applyCredit, { tags }),
    handler: async (req) => {
      const res = await applyCredit(db, req.auth.companyId, req.auth.userId, req.params.id, req.body.allocations);
      for (const a of res.allocations) app.deps.emit(req.auth.companyId, 'invoice:payment', { id: a.invoice_id });
      return res;
    },
  });

  app.route({
    ...routeOf(api.deleteCustomerPayment, { tags }),
    handler: async (req) => {
      if (req.auth.role !== 'owner') throw forbidden(PAYMENT_MSG.ownerOnly);
      const { id, paymentId } = req.params;
      const res = await deleteCustomerPayment(db, req.auth.companyId, req.auth.userId, id, paymentId);
      for (const invoiceId of res.invoices) app.deps.emit(req.auth.companyId, 'invoice:payment', { id: invoiceId });
      return res;
    },
  });
}
