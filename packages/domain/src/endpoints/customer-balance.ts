/** A customer's balance: what they owe on open invoices, on screen, as a PDF and as a public printable page. */
import { z } from 'zod';
import { balancePrintOut, customerBalanceOut } from '../customer.js';
import { endpoint } from '../endpoint.js';
import { printPageQuery, printTokenParams } from '../invoice.js';
import { idParams } from '../primitives.js';

/** PDF bytes beside a JSON answer (sent as a file, never through the JSON serializer; no schema of its own in the document) */
const pdfBytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array);

export const checkBalance = endpoint({
  method: 'GET',
  path: '/customer/:id/check-balance',
  params: idParams,
  response: z.object({ owing: z.number() }),
});

export const customerBalance = endpoint({
  method: 'GET',
  path: '/customer/:id/balance',
  params: idParams,
  response: customerBalanceOut,
});

/** The PDF itself; with {format: 'url'} the link of the public printable page instead. */
export const balancePdf = endpoint({
  method: 'POST',
  path: '/customer/:id/balance/pdf',
  params: idParams,
  // the spec's payload is none: no body (null) is the PDF
  body: z.object({ format: z.enum(['pdf', 'url']).optional() }).nullish(),
  // 200 is the PDF itself, or with format 'url' the printable page's link
  response: z.union([z.object({ url: z.string(), token: z.string() }), pdfBytes]),
});

/** The public printable balance page's data; ?format=pdf answers the PDF. */
export const balancePrintPage = endpoint({
  method: 'GET',
  path: '/pdf/customer/balance/:token',
  params: printTokenParams,
  query: printPageQuery,
  response: z.union([balancePrintOut, pdfBytes]),
});
