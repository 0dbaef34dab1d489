import type { RouteObject } from 'react-router';

/**
 * Each `features/<domain>/routes.tsx` exports `privateRoutes` (inside the signed-in layout) and/or
 * `publicRoutes`; app/router.tsx finds them by file name. Keep routes.tsx light: pages load lazily.
 */
export interface FeatureRoutes {
  privateRoutes?: RouteObject[];
  publicRoutes?: RouteObject[];
  /** the whole app when the page is served on a company's subdomain ({subdomain}.{APP_DOMAIN}) */
  hostRoutes?: RouteObject[];
}

/** A lazy route whose module's default export is the page. */
export const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});
