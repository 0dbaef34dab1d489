import { detectShopHost } from './lib/shop-host';
import { needsCacheClear } from './lib/version-gate';
import { prefetchShop } from './features/customer-app/shop-prefetch';

/** /shop/{subdomain} and the pages under it: the customers' shop. */
const SHOP_PATH = /^\/shop\/([^/]+)(\/.*)?$/;

/**
 * The page's entry, kept tiny (issue 34): it decides from the location whether this is the
 * customers' shop (a phone, 170 KB of JavaScript) or the staff app (Ant Design, AG Grid), then
 * loads that one alone. The shop's first answers are asked for here, before its code arrives.
 */
async function start() {
  const { pathname } = window.location;
  const local = SHOP_PATH.exec(pathname);
  if (local) {
    prefetchShop(decodeURIComponent(local[1]).toLowerCase(), local[2] ?? '/');
    (await import('./features/customer-app/shop-main')).startShop(null);
    return;
  }
  const host = await detectShopHost();
  // on a company's subdomain every page is the shop's, except the public printable balance
  if (host && !pathname.startsWith('/customer/balance/pdf/')) {
    prefetchShop(host, pathname);
    (await import('./features/customer-app/shop-main')).startShop(host);
    return;
  }
  (await import('./app/staff-main')).startStaff(host);
}

if (needsCacheClear() && window.location.pathname !== '/cache/clear') {
  window.location.replace('/cache/clear');
} else {
  void start();
}
