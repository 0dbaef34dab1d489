/** The invoices module's endpoints: an invoice's number, list, grid, export, save, read, delete, the quick search. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  csvOut,
  invoiceDeletedOut,
  invoiceDetailOut,
  invoiceExportQuery,
  invoiceGridOut,
  invoiceGridQuery,
  invoiceListRowOut,
  invoiceRefParams,
  invoiceRefQuery,
  invoiceRequestSchema,
  invoiceUpdateSchema,
  lastInvoiceQuery,
  newNumberOut,
  newNumberQuery,
  quickSearchOut,
  quickSearchQuery,
} from '../invoice.js';
import { idParams } from '../primitives.js';

/** the next invoice number (for the customer, beer or not) */
export const newNumber = endpoint({
  method: 'GET',
  path: '/invoice/new-number',
  query: newNumberQuery,
  response: newNumberOut,
});

export const recentInvoices = endpoint({
  method: 'GET',
  path: '/invoice/recent',
  response: z.array(invoiceListRowOut),
});

/** the customer's last invoice (the builder copies its lines) */
export const lastInvoice = endpoint({
  method: 'GET',
  path: '/invoice/last',
  query: lastInvoiceQuery,
  response: invoiceDetailOut,
});

export const invoiceGrid = endpoint({
  method: 'GET',
  path: '/invoice/grid',
  query: invoiceGridQuery,
  response: invoiceGridOut,
});

/** the grid's invoices as a CSV file */
export const invoiceExport = endpoint({
  method: 'GET',
  path: '/invoice/export',
  query: invoiceExportQuery,
  response: csvOut,
});

export const createInvoice = endpoint({
  method: 'POST',
  path: '/invoice',
  body: invoiceRequestSchema,
  response: invoiceDetailOut,
});

/** the invoice itself, or only its status (body.kind) */
export const updateInvoice = endpoint({
  method: 'PUT',
  path: '/invoice/:id',
  params: idParams,
  body: invoiceUpdateSchema,
  response: invoiceDetailOut,
});

/** an invoice by its id, or by its number with ?by=number */
export const getInvoice = endpoint({
  method: 'GET',
  path: '/invoice/:ref',
  params: invoiceRefParams,
  query: invoiceRefQuery,
  response: invoiceDetailOut,
});

export const deleteInvoice = endpoint({
  method: 'DELETE',
  path: '/invoice/:ref',
  params: invoiceRefParams,
  query: invoiceRefQuery,
  response: invoiceDeletedOut,
});

export const quickSearch = endpoint({
  method: 'GET',
  path: '/company/quick-search',
  query: quickSearchQuery,
  response: quickSearchOut,
});
