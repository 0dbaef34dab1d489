import { lazyExtendedPage } from '../../lib/extensions';
import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/setting', lazy: lazyExtendedPage(() => import('./settings-page'), 'settingsPanels') },
  { path: '/notification', lazy: lazyPage(() => import('./notification-page')) },
];
