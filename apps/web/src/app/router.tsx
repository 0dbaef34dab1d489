import { Flex, Spin } from 'antd';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout';
import { NotFoundPage } from './not-found';
import { RequireAuth } from './require-auth';
import type { FeatureRoutes } from './route-types';

const featureModules = import.meta.glob<FeatureRoutes>('../features/*/routes.tsx', { eager: true });
const privateRoutes: RouteObject[] = [];
const publicRoutes: RouteObject[] = [];
const hostRoutes: RouteObject[] = [];
for (const mod of Object.values(featureModules)) {
  privateRoutes.push(...(mod.privateRoutes ?? []));
  publicRoutes.push(...(mod.publicRoutes ?? []));
  hostRoutes.push(...(mod.hostRoutes ?? []));
}

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
    children: [
      ...publicRoutes,
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
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
    { HydrateFallback: FirstLoad, children: [...hostRoutes, { path: '*', element: <NotFoundPage /> }] },
  ]);

export const createAppRouter = () => createBrowserRouter(routes);
