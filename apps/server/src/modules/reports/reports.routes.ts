import {
  REPORT_MSG,
  reportRange,
  salesReportOut,
  salesReportQuery,
  stampsReportOut,
  stampsReportQuery,
} from '@dbo/domain/report';
import { forbidden } from '../../lib/errors.js';
import type { App, FastifyRequest } from '../../lib/http.js';
import { isFeatureOn } from '../company/company.service.js';
import { salesReport, stampsReport } from './reports.service.js';

const tags = ['report'];

export async function privateRoutes(app: App) {
  const { db } = app.deps;
  /** Every report needs the reports feature (403 otherwise), as the page shows its feature card. */
  const preHandler = async (req: FastifyRequest) => {
    if (!(await isFeatureOn(db, req.auth.companyId, 'reports'))) throw forbidden(REPORT_MSG.featureOff);
  };

  app.get(
    '/report/sales',
    {
      preHandler,
      schema: {
        tags,
        description:
          'Sales of the range (Texas days, both ends; default the last 12 months) grouped by product (top 20 and the rest), customer, product type per month, or month; cancelled and draft invoices left out.',
        querystring: salesReportQuery,
        response: { 200: salesReportOut },
      },
    },
    async (req) => {
      const { from, to } = reportRange(req.query);
      return salesReport(db, { companyId: req.auth.companyId, from, to }, req.query.groupBy);
    },
  );

  app.get(
    '/report/stamps',
    {
      preHandler,
      schema: {
        tags,
        description: 'Stamps used per month and roll: on counted invoices (invoice month) and destroyed.',
        querystring: stampsReportQuery,
        response: { 200: stampsReportOut },
      },
    },
    async (req) => {
      const { from, to } = reportRange(req.query);
      return stampsReport(db, { companyId: req.auth.companyId, from, to });
    },
  );
}
