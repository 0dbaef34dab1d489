import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const publicRoutes: FeatureRoutes['publicRoutes'] = [
  { path: '/invoice/pdf/:token', lazy: lazyPage(() => import('./invoice-print-page')) },
];
