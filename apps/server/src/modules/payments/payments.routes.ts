import { gridQueryWith } from '@dbo/domain/invoice';
import { dbId, optionalQueryId } from '@dbo/domain/primitives';
import {
  PAYMENT_MSG,
  paymentDeletedOut,
  paymentGridOut,
  invoicePaymentOut,
  paymentSavedOut,
  paymentSchema,
} from '@dbo/domain/payment';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.js';
import type { App } from '../../lib/http.js';
import { findInvoice } from '../invoices/invoice-lookup.service.js';
import {
  applyCreditSchema,
  creditAppliedOut,
  customerPaymentSchema,
  customerPaymentSavedOut,
  customerPaymentsOut,
  customerReceivableOut,
} from '@dbo/domain/receivables';
import {
  addCustomerPayment,
  applyCredit,
  customerPayments,
  customerReceivable,
  deleteCustomerPayment,
} from './customer-payments.service.js';
import { addPayment, deletePayment, listPayments, paymentGrid, updatePayment } from './payments.service.js';

const invoiceParams = z.object({ id: dbId('Invoice') });
const paymentParams = z.object({ id: dbId('Invoice'), paymentId: dbId('Payment') });
const customerParams = z.object({ id: dbId('Customer') });
const customerPaymentParams = z.object({ id: dbId('Customer'), paymentId: dbId('Payment') });
const customerDeletedOut = z.object({ success: z.boolean(), id: z.number(), invoices: z.array(z.number()) });
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
    { schema: { tags, params: invoiceParams, response: { 200: z.array(invoicePaymentOut) } } },
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

  // ---- receivables: a payment from a customer over several invoices, on-account credit ----

  app.get(
    '/customer/:id/receivable',
    { schema: { tags, params: customerParams, response: { 200: customerReceivableOut } } },
    async (req) => customerReceivable(db, req.auth.companyId, req.params.id),
  );

  app.get(
    '/customer/:id/payment',
    { schema: { tags, params: customerParams, response: { 200: customerPaymentsOut } } },
    async (req) => {
      await customerReceivable(db, req.auth.companyId, req.params.id);
      return customerPayments(db, req.auth.companyId, req.params.id);
    },
  );

  app.post(
    '/customer/:id/payment',
    {
      schema: { tags, params: customerParams, body: customerPaymentSchema, response: { 200: customerPaymentSavedOut } },
    },
    async (req) => {
      const res = await addCustomerPayment(db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
      for (const inv of res.invoices) app.deps.emit(req.auth.companyId, 'invoice:payment', { id: inv.id });
      return res;
    },
  );

  app.post(
    '/customer/:id/credit/apply',
    { schema: { tags, params: customerParams, body: applyCreditSchema, response: { 200: creditAppliedOut } } },
    async (req) => {
      const res = await applyCredit(db, req.auth.companyId, req.auth.userId, req.params.id, req.body.allocations);
      for (const a of res.allocations) app.deps.emit(req.auth.companyId, 'invoice:payment', { id: a.invoice_id });
      return res;
    },
  );

  app.delete(
    '/customer/:id/payment/:paymentId',
    { schema: { tags, params: customerPaymentParams, response: { 200: customerDeletedOut } } },
    async (req) => {
      if (req.auth.role !== 'owner') throw forbidden(PAYMENT_MSG.ownerOnly);
      const res = await deleteCustomerPayment(
        db,
        req.auth.companyId,
        req.auth.userId,
        req.params.id,
        req.params.paymentId,
      );
      for (const id of res.invoices) app.deps.emit(req.auth.companyId, 'invoice:payment', { id });
      return res;
    },
  );
}
