import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CustomerAppCompanyOut } from '@dbo/domain/customer-app';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import type { ShopUrlConfig } from '../../lib/shop-url.js';
import { hostSubdomain, shopCompany } from './shop-company.js';

/**
 * The shop's page with its first screen in the HTML (issue 34): a phone paints the distributor's
 * name and the sign-in form (or, signed in, the catalogue's skeleton) before the shop's code has
 * loaded, and React replaces it with the same markup once it renders (shop-shell-handoff.ts in the
 * web app). The page also carries GET /customer-app/company's answer (no second round trip) and
 * the shop's stylesheet (render-blocking, 3 KB gzipped). Its modules are not preloaded: fetched
 * before the first paint they would only delay it.
 */

/**
 * Marks the page signed in before the first paint (the token lives in localStorage, which the
 * server cannot see): the stylesheet then shows the catalogue's skeleton instead of the sign-in
 * form. Allowed by its hash in the Content-Security-Policy (app.ts), no 'unsafe-inline'.
 */
export const SHELL_SCRIPT =
  "try{localStorage.getItem('dbo.customerToken')&&document.documentElement.classList.add('shop-in')}catch(e){}";
export const SHELL_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`;

/** The web build's files the shell names: index.html and the shop's stylesheet (Vite's manifest). */
interface WebBuild {
  index: string;
  css: string[];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const SHOP_ENTRY = 'src/features/customer-app/shop-main.tsx';

function readBuild(webDist: string): WebBuild | null {
  try {
    const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const seen = new Set<string>();
    const css = new Set<string>();
    const walk = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const c of chunk.css ?? []) css.add(`/${c}`);
      for (const i of chunk.imports ?? []) walk(i);
    };
    walk(SHOP_ENTRY);
    return { index, css: [...css] };
  } catch {
    return null;
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside a script element: `<` escaped, so no `</script>` in a name ends it. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

const BUTTON = 'shop-btn shop-btn-primary shop-btn-lg shop-btn-block';

/** The shop's sign-in page (shop-signin-page.tsx), inert: React's copy takes the typing. */
function signInShell(c: CustomerAppCompanyOut, base: string) {
  const field = (label: string, id: string, type: string, extra = '') =>
    `<div class="shop-field"><label for="shell-${id}">${label}</label>${extra ? '<div class="shop-password">' : ''}` +
    `<input id="shell-${id}" class="shop-input" type="${type}" readonly tabindex="-1">${extra}${extra ? '</div>' : ''}</div>`;
  const eye =
    '<button type="button" class="shop-password-toggle" disabled tabindex="-1"><svg class="shop-icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">' +
    '<path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z"/></svg>' +
    '<span class="sr-only">Show password</span></button>';
  return (
    `<div class="shop-tile shop-narrow shop-shell-out"><h1>Sign in to order</h1>` +
    `<p class="shop-muted">Order from ${escapeHtml(c.name)} online.</p>` +
    `<p class="shop-muted">Come back to order at <strong>${escapeHtml(c.shop_url)}</strong></p>` +
    field('Email', 'email', 'email') +
    field('Password', 'password', 'password', eye) +
    `<button type="button" class="${BUTTON}" disabled><span>Sign In</span></button>` +
    `<p>Forgot your password? <a href="${escapeHtml(base)}/reset-password">Reset it</a></p></div>`
  );
}

const SKELETON = '<div class="shop-skeleton"><div></div><div></div><div></div><div></div></div>';

/**
 * `rest` is the path inside the shop ('/' the catalogue). Signed out every page but the sign-up and
 * the password reset is the sign-in form; signed in (the script's class) the catalogue opens on its
 * heading and skeleton, any other page on the skeleton.
 */
function shellBody(c: CustomerAppCompanyOut, base: string, rest: string) {
  const logo = c.logo ? `<img src="${escapeHtml(c.logo)}" alt="">` : '';
  const header = `<header class="shop-header"><span class="shop-brand">${logo}${escapeHtml(c.name)}</span></header>`;
  let main = SKELETON;
  if (c.ordering && !/^\/(signup|reset-password)/.test(rest)) {
    const signedIn = rest === '/' ? `<h1>Products</h1>${SKELETON}` : SKELETON;
    main = `${signInShell(c, base)}<div class="shop-shell-in">${signedIn}</div>`;
  }
  return `<div id="shop-shell" class="shop">${header}<main class="shop-main">${main}</main></div>`;
}

/** Renders the shop's page for one distributor; null without a web build (the API alone). */
function shopShell(webDist: string) {
  let build: WebBuild | null | undefined;
  return (company: CustomerAppCompanyOut, base: string, rest: string): string | null => {
    build ??= readBuild(webDist);
    if (!build) return null;
    const head = [
      `<title>${escapeHtml(company.name)} · Order online</title>`,
      ...build.css.map((href) => `<link rel="stylesheet" href="${href}">`),
      `<script>${SHELL_SCRIPT}</script>`,
      `<script type="application/json" id="shop-company">${scriptJson(company)}</script>`,
    ].join('\n    ');
    return build.index
      .replace(/<title>[^<]*<\/title>/, head)
      .replace('<div id="root"></div>', `${shellBody(company, base, rest)}<div id="root"></div>`);
  };
}

/** Where a page request is in a shop: its subdomain, the shop's base path and the path inside it. */
function shopAddress(req: FastifyRequest, appDomain: string | undefined) {
  const url = req.url.split('?')[0];
  const host = hostSubdomain(req, appDomain);
  // on a company's subdomain every page is the shop's, except the public printable balance
  if (host) return url.startsWith('/customer/balance/pdf/') ? null : { sub: host, base: '', rest: url || '/' };
  const m = /^\/shop\/([^/]+)(\/.*)?$/.exec(url);
  if (!m) return null;
  try {
    return { sub: decodeURIComponent(m[1]).toLowerCase(), base: `/shop/${m[1]}`, rest: m[2] ?? '/' };
  } catch {
    return null;
  }
}

/**
 * The page a shop's address answers with its first screen in it; null for any other page (and a
 * shop no distributor has): index.html as it is.
 */
export function shopPages(db: DbOrTx, config: ShopUrlConfig & { webDist: string; appDomain?: string }) {
  const render = shopShell(config.webDist);
  return async (req: FastifyRequest): Promise<string | null> => {
    const at = shopAddress(req, config.appDomain);
    if (!at || !/^[a-z0-9-]{1,63}$/.test(at.sub)) return null;
    try {
      const company = await shopCompany(db, config, at.sub);
      return company ? render(company, at.base, at.rest) : null;
    } catch {
      // the database busy or away: the page without its first screen, the app asks again
      return null;
    }
  };
}
