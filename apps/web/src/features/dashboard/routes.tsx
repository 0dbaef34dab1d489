import { lazyExtendedPage } from '../../lib/extensions';
import type { FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/dashboard', lazy: lazyExtendedPage(() => import('./dashboard-page'), 'dashboardWidgets') },
];
