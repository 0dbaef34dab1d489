import { addDays, todayInTexas } from '@dbo/domain/dates';
import * as api from '@dbo/domain/endpoints/reports';
import { REPORT_MSG, reportRange } from '@dbo/domain/report';
import { routeOf } from '../../lib/endpoint-route.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { App, FastifyRequest } from '../../lib/http.js';
import { isFeatureOn } from '../company/company.service.js';
import { companyStats } from './company-stats.service.js';
import { salesReport, stampsReport } from './reports.service.js';

const tags = ['report'];

export async function privateRoutes(app: App) {
  const { db } = app.deps;
  /** Every report needs the reports feature (403 otherwise), as the page shows its feature card. */
  const preHandler = async (req: FastifyRequest) => {
    if (!(await isFeatureOn(db, req.auth.companyId, 'reports'))) throw forbidden(REPORT_MSG.featureOff);
  };

  app.route({
    ...routeOf(api.salesReport, {
      tags,
      description:
        'Sales of the range (Texas days, both ends; default the last 12 months) grouped by product (top 20 and the rest), customer, product type per month, or month; cancelled and draft invoices left out.',
    }),
    preHandler,
    handler: async (req) => {
      const { from, to } = reportRange(req.query);
      return salesReport(db, { companyId: req.auth.companyId, from, to }, req.query.groupBy);
    },
  });

  app.route({
    ...routeOf(api.stampsReport, {
      tags,
      description: 'Stamps used per month and roll: on counted invoices (invoice month) and destroyed.',
    }),
    preHandler,
    handler: async (req) => {
      const { from, to } = reportRange(req.query);
      return stampsReport(db, { companyId: req.auth.companyId, from, to });
    },
  });

  // the dashboard's figures: every user, no reports feature needed
  app.route({
    ...routeOf(api.companyStats, { tags: ['company'] }),
    handler: async (req) => {
      // default: this month in Texas
      const today = todayInTexas();
      const from = req.query.from ?? `${today.slice(0, 8)}01`;
      const to = req.query.to ?? addDays(`${addDays(`${today.slice(0, 8)}01`, 32).slice(0, 8)}01`, -1);
      if (from > to) throw badRequest('From must be before To');
      return companyStats(db, req.auth.companyId, from, to);
    },
  });
}
