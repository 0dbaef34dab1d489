import { gridQueryWith } from '@dbo/domain/invoice';
import { dbId, optionalQueryId } from '@dbo/domain/primitives';
import {
  PAYMENT_MSG,
  paymentDeletedOut,
  paymentGridOut,
  paymentOut,
  paymentSavedOut,
  paymentSchema,
} from '@dbo/domain/payment';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.js';
import type { App } from '../../lib/http.js';
import { findInvoice } from '../invoices/invoice-lookup.service.js';
import { addPayment, deletePayment, listPayments, paymentGrid, updatePayment } from './payments.service.js';

const invoiceParams = z.object({ id: dbId('Invoice') });
const paymentParams = z.object({ id: dbId('Invoice'), paymentId: dbId('Payment') });
/** optional customerId / invoiceId narrow the grid (links from a customer or an invoice) */
const paymentGridQuery = gridQueryWith({
  customerId: optionalQueryId('Customer'),
  invoiceId: optionalQueryId('Invoice'),
});

export async function privateRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['payments'];

  app.get(
    '/invoice/payment/grid',
    { schema: { tags, querystring: paymentGridQuery, response: { 200: paymentGridOut } } },
    async (req) =>
      paymentGrid(db, req.auth.companyId, req.query, {
        customerId: req.query.customerId,
        invoiceId: req.query.invoiceId,
      }),
  );

  // the invoice's payments, newest received first (the payment panel reads these)
  app.get(
    '/invoice/:id/payment',
    { schema: { tags, params: invoiceParams, response: { 200: z.array(paymentOut) } } },
    async (req) => {
      const inv = await findInvoice(db, req.auth.companyId, { id: req.params.id });
      return listPayments(db, req.auth.companyId, inv.id);
    },
  );

  app.post(
    '/invoice/:id/payment',
    { schema: { tags, params: invoiceParams, body: paymentSchema, response: { 200: paymentSavedOut } } },
    async (req) => {
      const res = await addPayment(db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
      app.deps.emit(req.auth.companyId, 'invoice:payment', { id: req.params.id });
      return res;
    },
  );

  app.put(
    '/invoice/:id/payment/:paymentId',
    { schema: { tags, params: paymentParams, body: paymentSchema, response: { 200: paymentSavedOut } } },
    async (req) => {
      const res = await updatePayment(
        db,
        req.auth.companyId,
        req.auth.userId,
        req.params.id,
        req.params.paymentId,
        req.body,
      );
      app.deps.emit(req.auth.companyId, 'invoice:payment', { id: req.params.id });
      return res;
    },
  );

  app.delete(
    '/invoice/:id/payment/:paymentId',
    { schema: { tags, params: paymentParams, response: { 200: paymentDeletedOut } } },
    async (req) => {
      // spec 1 section 6: only the owner deletes payments
      if (req.auth.role !== 'owner') throw forbidden(PAYMENT_MSG.ownerOnly);
      const res = await deletePayment(db, req.auth.companyId, req.auth.userId, req.params.id, req.params.paymentId);
      app.deps.emit(req.auth.companyId, 'invoice:payment', { id: req.params.id });
      return res;
    },
  );
}
