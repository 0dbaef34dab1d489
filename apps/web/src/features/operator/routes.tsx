import { lazyPage, type FeatureRoutes } from '../../lib/route-types';

/**
 * The operator's page (the people who run this installation): outside the staff shell and its
 * session; it signs its calls with the OPERATOR_TOKEN typed in, never with a staff session.
 */
export const publicRoutes: FeatureRoutes['publicRoutes'] = [
  { path: '/operator', lazy: lazyPage(() => import('./operator-page')) },
];
