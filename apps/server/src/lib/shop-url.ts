/** Where a distributor's shop lives, for links in mails and the shop's own pages. */
export interface ShopUrlConfig {
  publicUrl: string;
  appDomain?: string;
}

/**
 * The shop's address: `{sub}.{APP_DOMAIN}` (with PUBLIC_URL's scheme and port) when APP_DOMAIN is
 * set, otherwise PUBLIC_URL/shop/{sub}.
 */
export function shopUrl(config: ShopUrlConfig, subdomain: string): string {
  if (!config.appDomain || !subdomain) return shopPathUrl(config, subdomain);
  let scheme = 'https:';
  let port = '';
  try {
    const u = new URL(config.publicUrl);
    scheme = u.protocol;
    port = u.port ? `:${u.port}` : '';
  } catch {
    // an unparsable PUBLIC_URL: the usual https
  }
  return `${scheme}//${subdomain}.${config.appDomain}${port}`;
}

/** PUBLIC_URL/shop/{sub}: the path every deployment serves the shop at. */
export function shopPathUrl(config: ShopUrlConfig, subdomain: string): string {
  return `${config.publicUrl.replace(/\/$/, '')}/shop/${encodeURIComponent(subdomain)}`;
}
