/** The fintech clearing house's endpoints: sync, its log, the export file, the sample and the convert upload. */
import { endpoint } from '../endpoint.js';
import { convertOut, fintechLogEntryOut, fintechLogOut, invoiceIdsQuery } from '../fintech.js';
import { csvOut, invoiceGridQuery } from '../invoice.js';

export const fintechSync = endpoint({
  method: 'POST',
  path: '/fintech/sync',
  query: invoiceIdsQuery,
  response: fintechLogEntryOut,
});

export const fintechSyncLog = endpoint({
  method: 'GET',
  path: '/fintech/sync-log',
  query: invoiceIdsQuery,
  response: fintechLogOut,
});

/** a CSV file: the fintech file of the invoices the grid selects */
export const fintechExport = endpoint({
  method: 'GET',
  path: '/fintech/export',
  query: invoiceGridQuery,
  response: csvOut,
});

/** a CSV file: a sample fintech invoice file */
export const fintechSampleInvoice = endpoint({
  method: 'GET',
  path: '/fintech/sample-invoice',
  response: csvOut,
});

/** multipart field `invoice`: a fintech invoice file answered as a draft (nothing saved) */
export const convertInvoice = endpoint({
  method: 'POST',
  path: '/invoice/convert',
  response: convertOut,
});
