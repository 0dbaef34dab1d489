import { lazyPage, type FeatureRoutes } from '../../app/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/dashboard', lazy: lazyPage(() => import('./dashboard-page')) },
];
