/**
 * The company subdomain the page is served on ({subdomain}.{APP_DOMAIN}), or null: main.tsx learns
 * it (lib/shop-host.ts) and the root it starts, the staff app's or the shop's, sets it here.
 */
let hostSubdomain: string | null = null;
/** Set once at start when the page is served on {subdomain}.{APP_DOMAIN}: the shop is then at /. */
export function setHostSubdomain(sub: string | null) {
  hostSubdomain = sub;
}
export const getHostSubdomain = () => hostSubdomain;
