import type { company } from '@dbo/domain/endpoints/customer-app';
import { callRoute, type RouteOf } from './endpoints';

const shopCompany: RouteOf<typeof company> = { method: 'GET', path: '/customer-app/company' };

/**
 * Is this page served on a company's subdomain ({subdomain}.{APP_DOMAIN})? Only the server knows
 * APP_DOMAIN, so on any named host it is asked once (GET /customer-app/company resolves the Host
 * header); localhost and IP addresses are the staff app without asking.
 */
export async function detectShopHost(hostname = window.location.hostname): Promise<string | null> {
  if (hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return null;
  try {
    const body = await callRoute(shopCompany, {}, { public: true });
    return body.subdomain || null;
  } catch {
    return null;
  }
}
