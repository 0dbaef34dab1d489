import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/setting/team', lazy: lazyPage(() => import('./team-page')) },
];
