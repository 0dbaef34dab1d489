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
} from '@dbo/domain/credit-law';
import { todayInTexas } from '@dbo/domain/dates';
import { idParams } from '@dbo/domain/primitives';
import type { App } from '../../lib/http.js';
import {
  companyHolidays,
  customerDelinquency,
  delinquencySummary,
  delinquentAccounts,
  setCompanyHolidays,
} from './delinquency.service.js';
import { delinquentCsv, delinquentPdf } from './delinquency.report.js';
import { reportOut, sendReport } from '../../lib/download.js';

const tags = ['customer'];

export async function privateRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/customer/delinquent',
    {
      schema: {
        tags,
        querystring: delinquentReportQuery,
        // JSON {rows}; with format csv the CSV text, with format pdf the PDF
        produces: ['application/json', 'text/csv', 'application/pdf'],
        response: { 200: reportOut(delinquentReportOut) },
      },
    },
    async (req, reply) => {
      const rows = await delinquentAccounts(db, req.auth.companyId);
      const name = `delinquent-accounts-${todayInTexas()}`;
      return sendReport(reply, req.query.format, name, {
        json: () => ({ rows }),
        csv: () => delinquentCsv(rows),
        pdf: () => delinquentPdf(db, req.auth.companyId, rows),
      });
    },
  );

  app.get('/customer/delinquent/summary', { schema: { tags, response: { 200: delinquencySummaryOut } } }, async (req) =>
    delinquencySummary(db, req.auth.companyId),
  );

  app.get(
    '/customer/:id/delinquency',
    { schema: { tags, params: idParams, response: { 200: customerDelinquencyOut } } },
    async (req) => customerDelinquency(db, req.auth.companyId, req.params.id),
  );

  app.get('/company/holidays', { schema: { tags: ['company'], response: { 200: holidaysOut } } }, async (req) =>
    companyHolidays(db, req.auth.companyId),
  );

  /** Replaces the list; `{holidays: null}` goes back to the Texas state holidays. */
  app.put(
    '/company/holidays',
    {
      schema: {
        tags: ['company'],
        body: holidaysRequest,
        response: { 200: holidaysOut },
      },
    },
    async (req) => setCompanyHolidays(db, req.auth.companyId, req.body.holidays),
  );
}
