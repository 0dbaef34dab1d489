import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/activity', lazy: lazyPage(() => import('./activity-page')) },
];
