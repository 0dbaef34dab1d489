import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/stamp', lazy: lazyPage(() => import('./stamp-log-page')) },
  { path: '/stamp/roll', lazy: lazyPage(() => import('./rolls-page')) },
  { path: '/stamp/record', lazy: lazyPage(() => import('./stamp-record-page')) },
];
