import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, logos } from '../company/company.tables.js';

/**
 * GET /shop/{subdomain}/manifest.webmanifest: the shop installable on a phone in the distributor's
 * name and with its logo (the shop's own icon beside it), opening on the shop, scoped to it alone
 * (the staff app and the driver's /driver app are outside it). null: no such shop.
 */
export async function shopManifest(db: DbOrTx, subdomain: string) {
  const [c] = await db
    .select({ name: companies.name, logo: logos.path, mimetype: logos.mimetype })
    .from(companies)
    .leftJoin(logos, and(eq(logos.id, companies.default_logo_id), eq(logos.company_id, companies.id)))
    .where(eq(companies.subdomain, subdomain));
  if (!c) return null;
  const base = `/shop/${encodeURIComponent(subdomain)}`;
  const icons: { src: string; sizes: string; type: string; purpose?: string }[] = [
    { src: '/shop/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/shop/icon-512.png', sizes: '512x512', type: 'image/png' },
  ];
  if (c.logo) icons.unshift({ src: c.logo, sizes: 'any', type: c.mimetype ?? 'image/png' });
  return {
    id: `${base}/`,
    name: c.name,
    short_name: c.name.length > 12 ? c.name.slice(0, 12).trim() : c.name,
    description: `Order from ${c.name}`,
    start_url: `${base}/`,
    scope: `${base}/`,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1f3a5f',
    icons,
  };
}
