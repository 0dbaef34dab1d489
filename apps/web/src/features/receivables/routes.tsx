import { lazyPage, type FeatureRoutes } from '../../app/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/receivables', lazy: lazyPage(() => import('./aging-page')) },
  { path: '/customer/:customerId/receivables', lazy: lazyPage(() => import('./customer-receivables-page')) },
];
