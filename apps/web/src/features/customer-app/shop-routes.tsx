import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/route-types';

/** The shop's pages, relative to /shop/{subdomain} (or / on the company's subdomain). */
export const shopChildren: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('./shop-catalog-page')) },
  { path: 'cart', lazy: lazyPage(() => import('./shop-cart-page')) },
  { path: 'order', lazy: lazyPage(() => import('./shop-orders-page')) },
  { path: 'order/:id', lazy: lazyPage(() => import('./shop-order-page')) },
  { path: 'invoice', lazy: lazyPage(() => import('./shop-invoices-page')) },
  { path: 'invoice/:id', lazy: lazyPage(() => import('./shop-invoices-page')) },
  { path: 'balance', lazy: lazyPage(() => import('./shop-balance-page')) },
  { path: 'account', lazy: lazyPage(() => import('./shop-account-page')) },
  { path: 'reset-password', lazy: lazyPage(() => import('./shop-reset-page')) },
  { path: 'signup', lazy: lazyPage(() => import('./shop-signup-page')) },
];

export function shopRoutes(path: string): RouteObject {
  return { path, lazy: lazyPage(() => import('./shop-app')), children: shopChildren };
}
