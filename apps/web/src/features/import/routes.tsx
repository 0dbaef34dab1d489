import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/import', lazy: lazyPage(() => import('./import-page')) },
];
