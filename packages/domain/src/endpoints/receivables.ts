/** The receivables module's endpoints: the aging report, customer statements, credit memos. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pdfOut, printLinkOut, printPageQuery, printTokenParams } from '../invoice.js';
import { dbId, idParams } from '../primitives.js';
import {
  agingOut,
  agingQuery,
  creditMemoOut,
  creditMemoSchema,
  creditMemosOut,
  statementOut,
  statementQuery,
} from '../receivables.js';
import { statementEmailOut, statementEmailSchema, statementPdfSchema, statementPrintOut } from '../statement.js';

export const aging = endpoint({
  method: 'GET',
  path: '/report/aging',
  query: agingQuery,
  response: agingOut,
});

export const statement = endpoint({
  method: 'GET',
  path: '/customer/:id/statement',
  params: idParams,
  query: statementQuery,
  response: statementOut,
});

/** The PDF itself; with {format: 'url'} the link of the public printable page instead. */
export const statementPdf = endpoint({
  method: 'POST',
  path: '/customer/:id/statement/pdf',
  params: idParams,
  body: statementPdfSchema,
  response: z.union([printLinkOut, pdfOut]),
});

export const emailStatement = endpoint({
  method: 'POST',
  path: '/customer/:id/statement/email',
  params: idParams,
  body: statementEmailSchema,
  response: statementEmailOut,
});

export const creditMemos = endpoint({
  method: 'GET',
  path: '/invoice/:id/credit-memo',
  params: idParams,
  response: creditMemosOut,
});

export const issueCreditMemo = endpoint({
  method: 'POST',
  path: '/invoice/:id/credit-memo',
  params: idParams,
  body: creditMemoSchema,
  response: creditMemoOut,
});

export const creditMemoPdf = endpoint({
  method: 'GET',
  path: '/credit-memo/:id/pdf',
  params: z.object({ id: dbId('Credit memo') }),
  response: pdfOut,
});

/** The public printable statement's data; ?format=pdf answers the PDF. */
export const statementPrintPage = endpoint({
  method: 'GET',
  path: '/pdf/customer/statement/:token',
  params: printTokenParams,
  query: printPageQuery,
  response: z.union([statementPrintOut, pdfOut]),
});
