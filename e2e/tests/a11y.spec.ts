import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { DEMO, authHeaders, texasToday } from './helpers';

/**
 * Axe over every screen of the app (issue 20). The route list is read from the route modules
 * (apps/web/src/features/*\/routes.tsx and the shop's children), so a screen another engineer adds
 * is visited without touching this file; a route with a parameter needs a resolver below (from the
 * demo data), and the first test fails, naming it, until it has one.
 */

const WEB_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src');
const FEATURES = path.join(WEB_SRC, 'features');

/** The demo shop's customer user (apps/server/src/modules/orders/orders.seed.ts). */
const DEMO_BUYER = 'buyer@broken-spoke.example';

/** Serious and critical violations fail; so do these lesser ones the issue names. */
const ALSO_FAIL = new Set(['page-has-heading-one', 'landmark-one-main', 'empty-table-header']);

type Kind = 'private' | 'public' | 'host';
interface RouteEntry {
  pattern: string;
  kind: Kind;
  file: string;
}

/** The route patterns of the route modules, as router.tsx assembles them. */
export function routeTable(): RouteEntry[] {
  const out: RouteEntry[] = [];
  const shopFile = path.join(FEATURES, 'customer-app/shop-routes.tsx');
  const shopSrc = fs.readFileSync(shopFile, 'utf8');
  const shopChildren = [
    ...(/index: true/.test(shopSrc) ? [''] : []),
    ...[...shopSrc.matchAll(/path: '([^']*)'/g)].map((m) => m[1]),
  ];
  for (const feature of fs.readdirSync(FEATURES)) {
    const file = path.join(FEATURES, feature, 'routes.tsx');
    if (!fs.existsSync(file)) continue;
    const src = fs.readFileSync(file, 'utf8');
    // each exported list: `export const privateRoutes ... = [ ... ];`
    for (const m of src.matchAll(/export const (privateRoutes|publicRoutes|hostRoutes)\b[^=]*=\s*\[([\s\S]*?)\n\];/g)) {
      const kind = m[1].replace('Routes', '') as Kind;
      const body = m[2];
      const paths = [...body.matchAll(/path: '([^']+)'/g)].map((p) => p[1]);
      const shops = [...body.matchAll(/shopRoutes\('([^']+)'\)/g)].map((p) => p[1]);
      for (const p of paths) out.push({ pattern: p, kind, file });
      for (const base of shops)
        for (const c of shopChildren)
          out.push({ pattern: path.posix.join(base, c).replace(/(.)\/$/, '$1'), kind, file });
      // a route built some other way would be missed silently: count the pages against the paths found
      const lazies = (body.match(/lazy:/g) ?? []).length;
      if (lazies !== paths.length)
        throw new Error(`${file}: ${lazies} lazy routes but ${paths.length} plain paths; teach a11y.spec.ts its shape`);
    }
  }
  return out;
}

interface DemoIds {
  customerId: number;
  invoiceNumber: number;
  orderNumber: number;
  productId: number;
  invoicePrint: string;
  orderPrint: string;
  balancePrint: string;
  statementPrint: string;
  shopOrderId: number;
  shopInvoiceId: number;
  deliveryRouteId: number;
}

/**
 * Routes with parameters: the URLs to visit (several for a route whose parameter picks a different
 * screen). Routes not listed here and without a parameter are visited as they are.
 */
const RESOLVE: Record<string, (ids: DemoIds) => string[]> = {
  '/auth/:section': () => ['/auth/signin', '/auth/signup', '/auth/reset-password', '/auth/change-password'],
  '/customer/:customerId/edit': (d) => [`/customer/${d.customerId}/edit`],
  '/customer/:customerId/user': (d) => [`/customer/${d.customerId}/user`],
  '/customer/:customerId/balance': (d) => [`/customer/${d.customerId}/balance`],
  '/customer/:customerId/receivables': (d) => [`/customer/${d.customerId}/receivables`],
  // a sync log the demo does not have: the page and its empty state
  '/bottle-pos/:syncId': () => ['/bottle-pos/00000000-0000-4000-8000-000000000000'],
  '/clover/:syncId': () => ['/clover/00000000-0000-4000-8000-000000000000'],
  '/invoice/:number': (d) => [`/invoice/${d.invoiceNumber}`],
  '/invoice/:number/edit': (d) => [`/invoice/${d.invoiceNumber}/edit`],
  '/order/:number': (d) => [`/order/${d.orderNumber}`],
  '/product/:id': (d) => [`/product/${d.productId}`],
  '/invoice/pdf/:token': (d) => [d.invoicePrint],
  '/delivery/route/:id/sheet': (d) => [`/delivery/route/${d.deliveryRouteId}/sheet`],
  '/order/pdf/:token': (d) => [d.orderPrint],
  '/customer/balance/pdf/:token': (d) => [d.balancePrint],
  '/customer/statement/pdf/:token': (d) => [d.statementPrint],
  '/shop/:subdomain': () => ['/shop/lonestar'],
  '/shop/:subdomain/signup': () => ['/shop/lonestar/signup'],
  '/shop/:subdomain/cart': () => ['/shop/lonestar/cart'],
  '/shop/:subdomain/order': () => ['/shop/lonestar/order'],
  '/shop/:subdomain/order/:id': (d) => [`/shop/lonestar/order/${d.shopOrderId}`],
  '/shop/:subdomain/invoice': () => ['/shop/lonestar/invoice'],
  '/shop/:subdomain/invoice/:id': (d) => [`/shop/lonestar/invoice/${d.shopInvoiceId}`],
  '/shop/:subdomain/balance': () => ['/shop/lonestar/balance'],
  '/shop/:subdomain/account': () => ['/shop/lonestar/account'],
  '/shop/:subdomain/reset-password': () => ['/shop/lonestar/reset-password'],
};

/** Routes that only redirect or end the session: visited where they cannot disturb the others. */
const LAST = ['/logout'];

function urlsOf(entry: RouteEntry, ids: DemoIds): string[] {
  const r = RESOLVE[entry.pattern];
  if (r) return r(ids);
  if (entry.pattern.includes(':')) throw new Error(`no resolver for ${entry.pattern}`);
  return [entry.pattern];
}

interface Finding {
  route: string;
  rule: string;
  impact: string;
  target: string;
  help: string;
}

/** Waits for the page to settle (data loaded, spinners gone, antd's fade-ins done), then runs axe. */
async function scan(page: Page, url: string, findings: Finding[], opts: { goto?: boolean } = {}) {
  if (opts.goto !== false) await page.goto(url);
  const t0 = Date.now();
  // the app keeps a socket open and polls a count, so 'networkidle' may never come: bounded
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => {});
  await page
    .waitForFunction(
      // every screen has an h1 once its lazy page rendered; the spinners go when its data is in
      () =>
        document.querySelector('h1') &&
        !document.querySelector(
          '.ant-spin-spinning, .ag-overlay-loading-wrapper, .ant-skeleton, .shop-skeleton, .shop-loading',
        ),
      null,
      { timeout: 8_000 },
    )
    .catch(() => {});
  await page.waitForTimeout(300);
  const t1 = Date.now();
  const result = await new AxeBuilder({ page }).analyze();
  if (process.env.A11Y_TIMING) console.log(`${url}: settle ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
  const before = findings.length;
  for (const v of result.violations) {
    const fails = v.impact === 'serious' || v.impact === 'critical' || ALSO_FAIL.has(v.id);
    if (!fails) continue;
    for (const node of v.nodes)
      findings.push({
        route: url,
        rule: v.id,
        impact: v.impact ?? '',
        target: node.target.join(' '),
        help: node.failureSummary?.split('\n').slice(0, 2).join(' ') ?? v.help,
      });
  }
  // printed as found, so a long run that times out still shows what it saw
  if (findings.length > before) console.log(report(findings.slice(before)));
}

/** The demo's first customer's statement of its whole history (up to today, as UTC sees it). */
const STATEMENT_LINK = { from: '2000-01-01', to: new Date().toISOString().slice(0, 10), format: 'url' };

async function demoIds(request: APIRequestContext, token: string, buyerToken: string): Promise<DemoIds> {
  const headers = authHeaders(token);
  const get = async (url: string, h = headers) => {
    const res = await request.get(`/api/v1${url}`, { headers: h });
    expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
    return res.json();
  };
  const post = async (url: string, data: unknown) => {
    const res = await request.post(`/api/v1${url}`, { headers, data });
    expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
    return res.json();
  };
  const customers = await get('/customer');
  const customerList: { id: number }[] = Array.isArray(customers) ? customers : (customers.customers ?? customers.rows);
  const invoices = (await get('/invoice/grid?startRow=0&endRow=1')).rows as { id: number; number: number }[];
  const orders = (await get('/order/grid?startRow=0&endRow=1')).rows as { number?: number; order_number?: number }[];
  const products = (await get('/product/grid?startRow=0&endRow=1')).rows as { id: number }[];
  const order = orders[0];
  const orderNumber = order.order_number ?? order.number ?? 0;
  const orderDetail = await get(`/order/${orderNumber}`);
  const buyer = { authorization: `Bearer ${buyerToken}` };
  const shopOrders = (await get('/customer-app/order?startRow=0&endRow=1', buyer)).rows as { id: number }[];
  const shopInvoices = (await get('/customer-app/invoice?startRow=0&endRow=1', buyer)).rows as { id: number }[];
  const local = (u: string) => new URL(u, 'http://x').pathname;
  return {
    customerId: customerList[0].id,
    invoiceNumber: invoices[0].number,
    orderNumber,
    productId: products[0].id,
    invoicePrint: local((await get(`/invoice/${invoices[0].id}/print-link`)).url),
    orderPrint: local(orderDetail.print_url ?? orderDetail.order?.print_url),
    balancePrint: local((await post(`/customer/${customerList[0].id}/balance/pdf`, { format: 'url' })).url),
    statementPrint: local((await post(`/customer/${customerList[0].id}/statement/pdf`, STATEMENT_LINK)).url),
    // the demo's route of today (its driver drives it)
    deliveryRouteId: ((await get(`/delivery/route?date=${texasToday()}`)) as { id: number }[])[0].id,
    shopOrderId: shopOrders[0].id,
    shopInvoiceId: shopInvoices[0]?.id ?? 0,
  };
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.route}  ${f.impact} ${f.rule}  ${f.target}\n    ${f.help}`).join('\n');
}

test('every route of the route modules is visited by the axe scan (a parameter needs a resolver)', () => {
  const table = routeTable();
  expect(table.length).toBeGreaterThan(30);
  const unresolved = table.filter((r) => r.pattern.includes(':') && !RESOLVE[r.pattern] && r.kind !== 'host');
  expect(unresolved.map((r) => `${r.pattern} (${path.relative(WEB_SRC, r.file)})`)).toEqual([]);
  // the customer app's own domain routes are the same pages as under /shop/{subdomain} and /
  const publicPatterns = new Set(table.filter((r) => r.kind !== 'host').map((r) => r.pattern));
  const hostOnly = table
    .filter((r) => r.kind === 'host')
    .filter((r) => !publicPatterns.has(r.pattern))
    .filter((r) => !publicPatterns.has(path.posix.join('/shop/:subdomain', r.pattern).replace(/(.)\/$/, '$1')));
  expect(hostOnly.map((r) => r.pattern)).toEqual([]);
});

test('every screen passes axe with no serious or critical violation', async ({ page, request }) => {
  const table = routeTable().filter((r) => r.kind !== 'host');
  // ~2-3 s a screen on an idle machine; generous for a loaded one
  test.setTimeout(60_000 + table.length * 30_000);
  const findings: Finding[] = [];
  const visited: string[] = [];
  // A11Y_ONLY=<regex> scans only the matching URLs (while fixing a screen)
  const only = process.env.A11Y_ONLY ? new RegExp(process.env.A11Y_ONLY) : null;
  const visit = async (url: string) => {
    if (only && !only.test(url)) return;
    visited.push(url);
    await scan(page, url, findings);
  };

  // signed out: the public sign-in, sign-up and reset screens, and the shop's sign-in
  const signedOutPublic = [
    '/auth/signin',
    '/auth/signup',
    '/auth/reset-password',
    '/signin',
    '/signup',
    '/shop/lonestar',
  ];
  for (const url of signedOutPublic) await visit(url);

  const step = (what: string) => process.env.A11Y_TIMING && console.log(`-- ${what}`);
  step('sign in');
  // the helper's sign-in, with room for a loaded machine (the redirect is what takes long)
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });
  const token = (await page.evaluate(() => localStorage.getItem('dbo.token'))) as string;
  const buyerRes = await request.post('/api/v1/customer-app/signin', {
    data: { email: DEMO_BUYER, password: DEMO.password },
  });
  expect(buyerRes.ok(), 'the demo customer user signs in').toBe(true);
  const buyerToken = (await buyerRes.json()).access_token as string;
  step('demo ids');
  const ids = await demoIds(request, token, buyerToken);
  step('signed-in screens');

  const privateUrls = table.filter((r) => r.kind === 'private').flatMap((r) => urlsOf(r, ids));
  for (const url of privateUrls) await visit(url);
  // the command palette, open over the dashboard
  await page.goto('/dashboard');
  // the hotkey listens once the signed-in layout is up
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  visited.push('/dashboard (command palette)');
  await scan(page, '/dashboard (command palette)', findings, { goto: false });

  // the shop, as the demo customer user (its own token in the same browser)
  await page.evaluate((t) => localStorage.setItem('dbo.customerToken', t), buyerToken);
  const publicUrls = table
    .filter((r) => r.kind === 'public' && !LAST.includes(r.pattern))
    .flatMap((r) => urlsOf(r, ids))
    .filter((u) => !signedOutPublic.includes(u) || u.startsWith('/shop/'));
  for (const url of publicUrls) await visit(url);
  for (const url of LAST) await visit(url);

  console.log(`axe: ${visited.length} screens`);
  expect(findings, `axe violations:\n${report(findings)}`).toEqual([]);
});
