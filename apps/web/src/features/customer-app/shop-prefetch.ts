import type * as shop from '@dbo/domain/endpoints/customer-app';
import type { customerMe } from '@dbo/domain/endpoints/customer-app-session';
import { callRoute, type RouteOf } from '../../lib/endpoints';

/**
 * The shop's first answers, asked for by the page's entry before React and the shop's code load
 * (issue 34: the catalogue's first page without a second round trip). shop-main.tsx hands them to
 * the query cache under the keys the pages read (shop-api.ts).
 */
export interface ShopPrefetch {
  subdomain: string;
  company: Promise<unknown>;
  me?: Promise<unknown>;
  cart?: Promise<unknown>;
  /** the catalogue's first page, unfiltered (the catalogue's opening query) */
  catalog?: Promise<unknown>;
}

/** the first catalogue page's rows (shop-catalog-page.tsx asks for the same) */
export const CATALOG_PAGE = 30;
/** The customer user's token (customer-session.ts holds the same key). */
const CUSTOMER_TOKEN_KEY = 'dbo.customerToken';

let started: ShopPrefetch | null = null;

/** The endpoints asked for at start, by method and path only: this runs in the entry chunk (no zod). */
const routes: {
  company: RouteOf<typeof shop.company>;
  me: RouteOf<typeof customerMe>;
  cart: RouteOf<typeof shop.cart>;
  catalog: RouteOf<typeof shop.catalog>;
} = {
  company: { method: 'GET', path: '/customer-app/company' },
  me: { method: 'GET', path: '/customer-app/me' },
  cart: { method: 'GET', path: '/customer-app/cart' },
  catalog: { method: 'GET', path: '/customer-app/catalog' },
};

/**
 * GET /customer-app/company's answer as the server put it in the page (its shop-shell.ts), when
 * it is this shop's: no round trip before the first screen. A page the service worker kept for
 * offline use may be another shop's; then the API is asked.
 */
function pageCompany(subdomain: string): Promise<unknown> | null {
  try {
    const text = document.getElementById('shop-company')?.textContent;
    const company = text ? (JSON.parse(text) as { subdomain?: unknown }) : null;
    return company?.subdomain === subdomain ? Promise.resolve(company) : null;
  } catch {
    return null;
  }
}

/** `rest` is the path inside the shop ('/' the catalogue). */
export function prefetchShop(subdomain: string, rest: string) {
  const token = localStorage.getItem(CUSTOMER_TOKEN_KEY);
  const quiet = <T>(p: Promise<T>) => {
    // a refused answer is read again by the page's own query (a 401 signs out there)
    p.catch(() => undefined);
    return p;
  };
  started = {
    subdomain,
    company: pageCompany(subdomain) ?? quiet(callRoute(routes.company, { query: { subdomain } }, { public: true })),
  };
  if (!token) return;
  started.me = quiet(callRoute(routes.me, {}, { token }).then((r) => r.customerUser));
  started.cart = quiet(callRoute(routes.cart, {}, { token }));
  if (rest === '/' || rest === '')
    started.catalog = quiet(callRoute(routes.catalog, { query: { startRow: 0, endRow: CATALOG_PAGE } }, { token }));
}

/** What was asked for at start (once: a later visit of the page asks again). */
export function takeShopPrefetch(): ShopPrefetch | null {
  const p = started;
  started = null;
  return p;
}
