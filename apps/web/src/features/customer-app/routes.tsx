import { lazyPage, type FeatureRoutes } from '../../lib/route-types';
import { shopRoutes } from './shop-routes';

/** The customer app: sign-up by invitation, sign-in, the public printable balance and the shop. */
export const publicRoutes: FeatureRoutes['publicRoutes'] = [
  { path: '/signup', lazy: lazyPage(() => import('./signup-page')) },
  { path: '/signin', lazy: lazyPage(() => import('./signin-page')) },
  { path: '/customer/balance/pdf/:token', lazy: lazyPage(() => import('./balance-print-page')) },
  shopRoutes('/shop/:subdomain'),
];

/** On {subdomain}.{APP_DOMAIN} the shop is the whole app (app/router.tsx decides at start). */
export const hostRoutes: FeatureRoutes['hostRoutes'] = [
  { path: '/customer/balance/pdf/:token', lazy: lazyPage(() => import('./balance-print-page')) },
  shopRoutes('/'),
];
