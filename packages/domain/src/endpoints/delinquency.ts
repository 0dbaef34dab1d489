/**
 * Texas credit law (issue 16): the delinquent accounts report (JSON, CSV, PDF), the dashboard's
 * summary, one customer's standing (builder warning, customer page) and the company's holidays.
 */
import {
  customerDelinquencyOut,
  delinquencySummaryOut,
  delinquentReportOut,
  delinquentReportQuery,
  holidaysOut,
  holidaysRequest,
} from '../credit-law.js';
import { endpoint } from '../endpoint.js';
import { reportOut } from '../invoice.js';
import { idParams } from '../primitives.js';

/** JSON {rows}; with format csv the CSV text, with format pdf the PDF bytes */
export const delinquentAccounts = endpoint({
  method: 'GET',
  path: '/customer/delinquent',
  query: delinquentReportQuery,
  response: reportOut(delinquentReportOut),
});

export const delinquencySummary = endpoint({
  method: 'GET',
  path: '/customer/delinquent/summary',
  response: delinquencySummaryOut,
});

export const customerDelinquency = endpoint({
  method: 'GET',
  path: '/customer/:id/delinquency',
  params: idParams,
  response: customerDelinquencyOut,
});

export const holidays = endpoint({
  method: 'GET',
  path: '/company/holidays',
  response: holidaysOut,
});

/** Replaces the list; `{holidays: null}` goes back to the Texas state holidays. */
export const setHolidays = endpoint({
  method: 'PUT',
  path: '/company/holidays',
  body: holidaysRequest,
  response: holidaysOut,
});
