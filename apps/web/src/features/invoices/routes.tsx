import { lazyExtendedPage } from '../../lib/extensions';
import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/invoice', lazy: lazyPage(() => import('./invoice-list-page')) },
  { path: '/invoice/create', lazy: lazyPage(() => import('./invoice-builder-page')) },
  { path: '/invoice/:number', lazy: lazyExtendedPage(() => import('./invoice-detail-page'), 'invoicePanels') },
  { path: '/invoice/:number/edit', lazy: lazyPage(() => import('./invoice-builder-page')) },
];
