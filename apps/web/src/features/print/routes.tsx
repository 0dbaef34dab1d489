import { lazyPage, type FeatureRoutes } from '../../app/route-types';

export const publicRoutes: FeatureRoutes['publicRoutes'] = [
  { path: '/invoice/pdf/:token', lazy: lazyPage(() => import('./invoice-print-page')) },
];
