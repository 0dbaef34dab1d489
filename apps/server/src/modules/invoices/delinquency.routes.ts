/**
 * Texas credit law (issue 16): the delinquent accounts report (JSON, CSV, PDF), the dashboard's
 * summary, one customer's standing (builder warning, customer page) and the company's holidays.
 */
import { todayInTexas } from '@dbo/domain/dates';
import * as api from '@dbo/domain/endpoints/delinquency';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import {
  companyHolidays,
  customerDelinquency,
  delinquencySummary,
  delinquentAccounts,
  setCompanyHolidays,
} from './delinquency.service.js';
import { delinquentCsv, delinquentPdf } from './delinquency.report.js';
import { sendReport } from '../../lib/download.js';

const tags = ['customer'];

export async function privateRoutes(app: App) {
  const { db } = app.deps;

  app.route({
    // JSON {rows}; with format csv the CSV text, with format pdf the PDF
    ...routeOf(api.delinquentAccounts, { tags, produces: ['application/json', 'text/csv', 'application/pdf'] }),
    handler: async (req, reply) => {
      const rows = await delinquentAccounts(db, req.auth.companyId);
      const name = `delinquent-accounts-${todayInTexas()}`;
      return sendReport(reply, req.query.format, name, {
        json: () => ({ rows }),
        csv: () => delinquentCsv(rows),
        pdf: () => delinquentPdf(db, req.auth.companyId, rows),
      });
    },
  });

  app.route({
    ...routeOf(api.delinquencySummary, { tags }),
    handler: async (req) => delinquencySummary(db, req.auth.companyId),
  });

  app.route({
    ...routeOf(api.customerDelinquency, { tags }),
    handler: async (req) => customerDelinquency(db, req.auth.companyId, req.params.id),
  });

  app.route({
    ...routeOf(api.holidays, { tags: ['company'] }),
    handler: async (req) => companyHolidays(db, req.auth.companyId),
  });

  /** Replaces the list; `{holidays: null}` goes back to the Texas state holidays. */
  app.route({
    ...routeOf(api.setHolidays, { tags: ['company'] }),
    handler: async (req) => setCompanyHolidays(db, req.auth.companyId, req.body.holidays),
  });
}
