import type { CustomerAppCompanyOut } from '@dbo/domain/customer-app';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { type ShopUrlConfig, shopUrl } from '../../lib/shop-url.js';
import { activeFeatureNames } from '../company/company.service.js';
import { companies, logos } from '../company/company.tables.js';

/**
 * The subdomain a request names: `{sub}.{APP_DOMAIN}` in the Host header. Fastify's `req.host`
 * takes X-Forwarded-Host only from a proxy TRUST_PROXY names, so any client cannot pick the shop.
 */
export function hostSubdomain(req: FastifyRequest, appDomain: string | undefined): string | undefined {
  if (!appDomain) return undefined;
  const host = String(req.host ?? '')
    .split(',')[0]
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, '');
  if (!host.endsWith(`.${appDomain}`)) return undefined;
  const sub = host.slice(0, -(appDomain.length + 1));
  return /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(sub) ? sub : undefined;
}

/**
 * GET /customer-app/company's answer: the shop at `subdomain` (its name, logo, whether it takes
 * orders). The shop's page carries the same answer (shop-shell.ts), so it paints before its code.
 * null: no distributor at that address.
 */
export async function shopCompany(
  db: DbOrTx,
  config: ShopUrlConfig,
  subdomain: string,
): Promise<CustomerAppCompanyOut | null> {
  const [c] = await db
    .select({ c: companies, logo: logos.path })
    .from(companies)
    .leftJoin(logos, and(eq(logos.id, companies.default_logo_id), eq(logos.company_id, companies.id)))
    .where(eq(companies.subdomain, subdomain));
  if (!c) return null;
  const features = await activeFeatureNames(db, c.c.id);
  return {
    id: c.c.id,
    name: c.c.name,
    subdomain,
    logo: c.logo ?? null,
    show_prices: c.c.show_prices,
    ordering: features.has('order'),
    inventory: features.has('inventory'),
    tax_rate: Number(c.c.tax_rate),
    allow_backorders: c.c.allow_backorders,
    shop_url: shopUrl(config, subdomain),
  };
}
