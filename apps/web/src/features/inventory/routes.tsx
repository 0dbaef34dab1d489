import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/inventory', lazy: lazyPage(() => import('./inventory-page')) },
  { path: '/inventory/restock', lazy: lazyPage(() => import('./restock-page')) },
  { path: '/inventory/history', lazy: lazyPage(() => import('./history-page')) },
];
