/** The reports module's endpoints: sales and stamps (reports feature) and the dashboard's figures. */
import { endpoint } from '../endpoint.js';
import { companyStatsOut, companyStatsQuery } from '../invoice.js';
import { salesReportOut, salesReportQuery, stampsReportOut, stampsReportQuery } from '../report.js';

export const salesReport = endpoint({
  method: 'GET',
  path: '/report/sales',
  query: salesReportQuery,
  response: salesReportOut,
});

export const stampsReport = endpoint({
  method: 'GET',
  path: '/report/stamps',
  query: stampsReportQuery,
  response: stampsReportOut,
});

/** the dashboard's figures: every user, no reports feature needed */
export const companyStats = endpoint({
  method: 'GET',
  path: '/company/stats',
  query: companyStatsQuery,
  response: companyStatsOut,
});
