import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

const history = lazyPage(() => import('./sync-history-page'));
const log = lazyPage(() => import('./sync-log-page'));

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/bottle-pos', lazy: history },
  { path: '/bottle-pos/:syncId', lazy: log },
  { path: '/clover', lazy: history },
  { path: '/clover/:syncId', lazy: log },
];
