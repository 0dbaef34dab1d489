import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/order', lazy: lazyPage(() => import('./order-grid-page')) },
  { path: '/order/:number', lazy: lazyPage(() => import('./order-detail-page')) },
];

export const publicRoutes: FeatureRoutes['publicRoutes'] = [
  { path: '/order/pdf/:token', lazy: lazyPage(() => import('./order-print-page')) },
];
