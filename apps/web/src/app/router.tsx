import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout';
import { NotFoundPage } from './not-found';
import { RequireAuth } from './require-auth';
import type { FeatureRoutes } from './route-types';

const featureModules = import.meta.glob<FeatureRoutes>('../features/*/routes.tsx', { eager: true });
const privateRoutes: RouteObject[] = [];
const publicRoutes: RouteObject[] = [];
for (const mod of Object.values(featureModules)) {
  privateRoutes.push(...(mod.privateRoutes ?? []));
  publicRoutes.push(...(mod.publicRoutes ?? []));
}

export const router = createBrowserRouter([
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
]);
