import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

/** The office's delivery screen: the day's routes, their progress live, the day-end reconciliation. */
export const privateRoutes: FeatureRoutes['privateRoutes'] = [
  { path: '/delivery', lazy: lazyPage(() => import('./delivery-page')) },
];

/** The printable route sheet: a page of its own (no menu), read with the signed-in staff's token. */
export const publicRoutes: FeatureRoutes['publicRoutes'] = [
  { path: '/delivery/route/:id/sheet', lazy: lazyPage(() => import('./route-sheet-page')) },
];
