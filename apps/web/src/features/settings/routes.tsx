import { lazyPage, type FeatureRoutes } from '../../app/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/setting', lazy: lazyPage(() => import('./settings-page')) },
  { path: '/notification', lazy: lazyPage(() => import('./notification-page')) },
];
