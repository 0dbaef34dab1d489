/** The pdf module's endpoints: an invoice's PDF or printable link, and the public printable page's data. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pdfOut, printablePageOut, printLinkOut, printTokenParams } from '../invoice.js';
import { boundedText, dbId, idParams } from '../primitives.js';

const pdfBody = z.object({
  number: z.union([boundedText('Invoice number', 40).trim().min(1), dbId('Invoice number')], {
    error: 'Invoice number is required',
  }),
  beer: z.boolean().optional(),
  /** true: answer {url} of the printable page instead of the PDF file */
  url: z.boolean().optional(),
});

/** {number, beer?} -> application/pdf; with url: true -> {url, token} */
export const invoicePdf = endpoint({
  method: 'POST',
  path: '/invoice/pdf',
  body: pdfBody,
  response: z.union([printLinkOut, pdfOut]),
});

/** The staff's link to the public printable page of an invoice. */
export const invoicePrintLink = endpoint({
  method: 'GET',
  path: '/invoice/:id/print-link',
  params: idParams,
  response: printLinkOut,
});

/** The printable page's data (public, by its signed token); a bad, expired or other-kind token is a 404. */
export const printableInvoice = endpoint({
  method: 'GET',
  path: '/pdf/invoice/:token',
  params: printTokenParams,
  response: printablePageOut,
});
