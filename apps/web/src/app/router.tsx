import { Flex, Spin } from 'antd';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { provideExtensions } from '../lib/extensions';
import { extensionLoaders } from './extensions';
import { NotFoundPage } from '../lib/not-found';
import { RouteError } from '../lib/route-error';
import { RequireAuth } from '../lib/require-auth';
import type { FeatureRoutes } from '../lib/route-types';

const featureModules = import.meta.glob<FeatureRoutes>('../features/*/routes.tsx', { eager: true });
const privateRoutes: RouteObject[] = [];
const publicRoutes: RouteObject[] = [];
const hostRoutes: RouteObject[] = [];
for (const mod of Object.values(featureModules)) {
  privateRoutes.push(...(mod.privateRoutes ?? []));
  publicRoutes.push(...(mod.publicRoutes ?? []));
  hostRoutes.push(...(mod.hostRoutes ?? []));
}

// the features' dashboard widgets and settings and invoice panels load beside the pages showing them
provideExtensions(extensionLoaders);

/** Shown while the first page's lazy module loads (React Router warns on every route without one). */
function FirstLoad() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
      <Spin />
    </Flex>
  );
}

export const routes: RouteObject[] = [
  {
    HydrateFallback: FirstLoad,
    // a screen whose code did not load (an old tab after a deploy) or that failed: reload, not a blank
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      {
        element: <RequireAuth />,
        children: [
          {
            // the signed-in shell (menu, command palette, realtime) loads with the first signed-in
            // page, beside it: the sign-in screen and the shop do without it (350 KB budget, issue 19)
            lazy: async () => ({ Component: (await import('./layout')).AppLayout }),
            children: [{ path: '/', element: <Navigate to="/dashboard" replace /> }, ...privateRoutes],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** On a company's subdomain the customers' shop is the whole app. */
export const createShopHostRouter = () =>
  createBrowserRouter([
    {
      HydrateFallback: FirstLoad,
      errorElement: <RouteError />,
      children: [...hostRoutes, { path: '*', element: <NotFoundPage /> }],
    },
  ]);

export const createAppRouter = () => createBrowserRouter(routes);
