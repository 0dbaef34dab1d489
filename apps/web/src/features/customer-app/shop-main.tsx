import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '../../lib/api';
import { RouteError } from '../../lib/route-error';
import { type CatalogAnswer, getCustomerToken, shopKeys } from './shop-api';
import ShopApp from './shop-app';
import { setHostSubdomain } from '../../lib/host-subdomain';
import { takeShopPrefetch } from './shop-prefetch';
import { shopChildren } from './shop-routes';
import { ShellHandoff } from './shop-shell-handoff';
import { Result, Spinner } from './shop-ui';

/**
 * The customers' shop as an app of its own (issue 34): main.tsx loads this for /shop/{subdomain}
 * (or every page of {subdomain}.{APP_DOMAIN}) instead of the staff app, so a phone loads React,
 * the router, TanStack Query and the shop's small components, never Ant Design or AG Grid.
 */
function NotFound() {
  return (
    <main className="shop">
      <Result status="error" title="A bit lost, are we ?" subTitle="The page you are looking for does not exist." />
      <ShellHandoff />
    </main>
  );
}

/** The answers main.tsx asked for before this code loaded, in the cache under the pages' keys. */
function seed(qc: QueryClient) {
  const p = takeShopPrefetch();
  if (!p) return;
  void qc.prefetchQuery({ queryKey: shopKeys.company(p.subdomain), queryFn: () => p.company });
  if (p.me) void qc.prefetchQuery({ queryKey: shopKeys.me, queryFn: () => p.me });
  if (p.cart) void qc.prefetchQuery({ queryKey: shopKeys.cart, queryFn: () => p.cart });
  if (p.catalog)
    void qc.prefetchInfiniteQuery({
      queryKey: shopKeys.catalog({ query: '', type: '' }),
      queryFn: () => p.catalog as Promise<CatalogAnswer>,
      initialPageParam: 0,
    });
}

export function startShop(host: string | null) {
  setHostSubdomain(host);
  const qc = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      },
    },
  });
  seed(qc);
  // the server's first screen goes when a page renders (ShellHandoff); should none (a page's code
  // failed to load), it goes anyway, so what the router shows instead is seen
  setTimeout(() => document.getElementById('shop-shell')?.remove(), 10_000);
  // signed out: the sign-in form's code comes with the shop's, not after the company's answer
  if (!getCustomerToken()) void import('./shop-signin-page');
  const router = createBrowserRouter([
    {
      HydrateFallback: Spinner,
      errorElement: <RouteError />,
      children: [
        { path: host ? '/' : '/shop/:subdomain', Component: ShopApp, children: shopChildren },
        { path: '*', Component: NotFound },
      ],
    },
  ]);
  const root = createRoot(document.getElementById('root')!);
  // the server's first screen is up meanwhile: the first render may take its time in slices
  // (a transition), none of them a long task on a phone (issue 34, total blocking time)
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={qc}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
