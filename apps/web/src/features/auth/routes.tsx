import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const publicRoutes: FeatureRoutes['publicRoutes'] = [
  { path: '/auth', lazy: lazyPage(() => import('./auth-page')) },
  { path: '/auth/:section', lazy: lazyPage(() => import('./auth-page')) },
  { path: '/logout', lazy: lazyPage(() => import('./logout-page')) },
];

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/cache/clear', lazy: lazyPage(() => import('./cache-clear-page')) },
];
