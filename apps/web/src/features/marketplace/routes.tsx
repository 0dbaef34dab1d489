import { lazyPage, type FeatureRoutes } from '../../app/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/features', lazy: lazyPage(() => import('./features-page')) },
];
