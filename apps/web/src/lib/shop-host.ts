import { API_BASE } from './api';

/**
 * Is this page served on a company's subdomain ({subdomain}.{APP_DOMAIN})? Only the server knows
 * APP_DOMAIN, so on any named host it is asked once (GET /customer-app/company resolves the Host
 * header); localhost and IP addresses are the staff app without asking.
 */
export async function detectShopHost(hostname = window.location.hostname): Promise<string | null> {
  if (hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return null;
  try {
    const res = await fetch(`${API_BASE}/customer-app/company`, { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { subdomain?: unknown };
    return typeof body.subdomain === 'string' && body.subdomain ? body.subdomain : null;
  } catch {
    return null;
  }
}
