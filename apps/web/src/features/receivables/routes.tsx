import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/receivables', lazy: lazyPage(() => import('./aging-page')) },
  { path: '/customer/:customerId/receivables', lazy: lazyPage(() => import('./customer-receivables-page')) },
];

/** The public printable statement (a signed, expiring link staff open or send). */
export const publicRoutes: FeatureRoutes['publicRoutes'] = [
  { path: '/customer/statement/pdf/:token', lazy: lazyPage(() => import('./statement-print-page')) },
];
