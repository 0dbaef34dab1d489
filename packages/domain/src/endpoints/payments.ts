/** The payments module's endpoints: an invoice's payments, the payments grid, a customer's receivable. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { gridQueryWith } from '../invoice.js';
import { invoicePaymentOut, paymentDeletedOut, paymentGridOut, paymentSavedOut, paymentSchema } from '../payment.js';
import { dbId, optionalQueryId } from '../primitives.js';
import {
  applyCreditSchema,
  creditAppliedOut,
  customerPaymentSavedOut,
  customerPaymentSchema,
  customerPaymentsOut,
  customerReceivableOut,
} from '../receivables.js';

const invoiceParams = z.object({ id: dbId('Invoice') });
const paymentParams = z.object({ id: dbId('Invoice'), paymentId: dbId('Payment') });
const customerParams = z.object({ id: dbId('Customer') });
const customerPaymentParams = z.object({ id: dbId('Customer'), paymentId: dbId('Payment') });

/** optional customerId / invoiceId narrow the grid (links from a customer or an invoice) */
export const paymentGrid = endpoint({
  method: 'GET',
  path: '/invoice/payment/grid',
  query: gridQueryWith({ customerId: optionalQueryId('Customer'), invoiceId: optionalQueryId('Invoice') }),
  response: paymentGridOut,
});

/** the invoice's payments, newest received first (the payment panel reads these) */
export const invoicePayments = endpoint({
  method: 'GET',
  path: '/invoice/:id/payment',
  params: invoiceParams,
  response: z.array(invoicePaymentOut),
});

export const addPayment = endpoint({
  method: 'POST',
  path: '/invoice/:id/payment',
  params: invoiceParams,
  body: paymentSchema,
  response: paymentSavedOut,
});

export const updatePayment = endpoint({
  method: 'PUT',
  path: '/invoice/:id/payment/:paymentId',
  params: paymentParams,
  body: paymentSchema,
  response: paymentSavedOut,
});

/** spec 1 section 6: only the owner deletes payments */
export const deletePayment = endpoint({
  method: 'DELETE',
  path: '/invoice/:id/payment/:paymentId',
  params: paymentParams,
  response: paymentDeletedOut,
});

export const customerReceivable = endpoint({
  method: 'GET',
  path: '/customer/:id/receivable',
  params: customerParams,
  response: customerReceivableOut,
});

export const customerPayments = endpoint({
  method: 'GET',
  path: '/customer/:id/payment',
  params: customerParams,
  response: customerPaymentsOut,
});

/** a payment from a customer over several invoices; what is left becomes on-account credit */
export const addCustomerPayment = endpoint({
  method: 'POST',
  path: '/customer/:id/payment',
  params: customerParams,
  body: customerPaymentSchema,
  response: customerPaymentSavedOut,
});

export const applyCredit = endpoint({
  method: 'POST',
  path: '/customer/:id/credit/apply',
  params: customerParams,
  body: applyCreditSchema,
  response: creditAppliedOut,
});

export const deleteCustomerPayment = endpoint({
  method: 'DELETE',
  path: '/customer/:id/payment/:paymentId',
  params: customerPaymentParams,
  response: z.object({ success: z.boolean(), id: z.number(), invoices: z.array(z.number()) }),
});
