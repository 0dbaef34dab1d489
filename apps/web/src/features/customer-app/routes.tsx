import { lazyPage, type FeatureRoutes } from '../../app/route-types';

/** The customer app's entry: sign-up by invitation, sign-in, and the public printable balance. */
export const publicRoutes: FeatureRoutes['publicRoutes'] = [
  { path: '/signup', lazy: lazyPage(() => import('./signup-page')) },
  { path: '/signin', lazy: lazyPage(() => import('./signin-page')) },
  { path: '/customer/balance/pdf/:token', lazy: lazyPage(() => import('./balance-print-page')) },
];
