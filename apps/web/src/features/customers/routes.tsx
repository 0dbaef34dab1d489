import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/customer', lazy: lazyPage(() => import('./customer-grid-page')) },
  { path: '/customer/delinquent', lazy: lazyPage(() => import('./delinquent-page')) },
  { path: '/customer/create', lazy: lazyPage(() => import('./customer-form-page')) },
  { path: '/customer/users', lazy: lazyPage(() => import('./customer-users-page')) },
  { path: '/customer/:customerId/edit', lazy: lazyPage(() => import('./customer-form-page')) },
  { path: '/customer/:customerId/user', lazy: lazyPage(() => import('./customer-users-page')) },
  { path: '/customer/:customerId/balance', lazy: lazyPage(() => import('./customer-balance-page')) },
];
