import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/product', lazy: lazyPage(() => import('./product-list-page')) },
  { path: '/product/:id', lazy: lazyPage(() => import('./product-detail-page')) },
];
