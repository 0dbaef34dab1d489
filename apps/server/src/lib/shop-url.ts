/** Where a distributor's shop lives, for links in mails and the shop's own pages. */
export interface ShopUrlConfig {
  publicUrl: string;
  appDomain?: string;
}

/** The shop's address: `https://{sub}.{APP_DOMAIN}` when APP_DOMAIN is set, otherwise PUBLIC_URL/shop/{sub}. */
export function shopUrl(config: ShopUrlConfig, subdomain: string): string {
  if (config.appDomain) return `https://${subdomain}.${config.appDomain}`;
  return `${shopPathUrl(config, subdomain)}`;
}

/** PUBLIC_URL/shop/{sub}: the path every deployment serves the shop at. */
export function shopPathUrl(config: ShopUrlConfig, subdomain: string): string {
  return `${config.publicUrl.replace(/\/$/, '')}/shop/${encodeURIComponent(subdomain)}`;
}
