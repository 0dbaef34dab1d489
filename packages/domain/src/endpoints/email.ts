/** The email module's endpoints: the email log grid, sending an invoice, an invoice's emails. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { gridQuerySchema } from '../grid.js';
import { emailGridOut, emailSentOut, invoiceEmailsOut, sendInvoiceEmailSchema } from '../payment.js';
import { boundedText, idParams } from '../primitives.js';

// POST takes the invoice number ('1001', '1001B'); GET takes the invoice id (spec 1 section 7).
const numberParams = z.object({ id: boundedText('Invoice number', 40).trim().min(1) });

export const emailGrid = endpoint({
  method: 'GET',
  path: '/invoice/email/grid',
  query: gridQuerySchema,
  response: emailGridOut,
});

/** emails the invoice (by its number) to the addresses */
export const sendInvoiceEmail = endpoint({
  method: 'POST',
  path: '/invoice/:id/email',
  params: numberParams,
  body: sendInvoiceEmailSchema,
  response: emailSentOut,
});

/** the emails sent of an invoice (by its id) */
export const invoiceEmails = endpoint({
  method: 'GET',
  path: '/invoice/:id/email',
  params: idParams,
  response: invoiceEmailsOut,
});
