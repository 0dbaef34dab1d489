import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/emails', lazy: lazyPage(() => import('./email-log-page')) },
];
