import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

/**
 * The driver's phone screen: outside the office layout, and it opens without the network (it reads
 * the token and the day's route kept on the phone), so it is not behind the session check.
 */
export const publicRoutes: FeatureRoutes['publicRoutes'] = [
  { path: '/driver', lazy: lazyPage(() => import('./driver-page')) },
];
