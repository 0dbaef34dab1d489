/**
 * What JavaScript each screen loads, gzipped, from the built web app's chunk graph: per page
 * module, then per route (sign-in, dashboard, the invoice builder, every grid, the customer shop).
 *
 *   npm run build -w apps/web && npx tsx bench/web-bundle.ts
 *
 * Budget (DESIGN.md, issue 19): the sign-in screens under 350 KB of gzipped JS; the customer shop
 * under 170 KB (issue 34); AG Grid only with grid routes. JS only (the CSS is not counted); figures,
 * no assertion.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { featureRoutes, shopRoutes } from '../apps/web/route-modules.ts';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest: Record<
  string,
  { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
> = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** a chunk and everything it imports statically */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const i of manifest[key]?.imports ?? []) closure(i, seen);
  return seen;
}

const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const base = closure(entry);
const baseBytes = [...base].reduce((s, k) => s + gz(manifest[k].file), 0);
console.log(`entry (every screen):            ${kb(baseBytes)} gzip in ${base.size} chunks`);
/**
 * main.tsx loads one of two roots (issue 34): the staff app (app/staff-main.tsx: Ant Design, the
 * session, the router of every screen) or the customers' shop (customer-app/shop-main.tsx).
 */
const staffRoot = manifest['src/app/staff-main.tsx']?.isDynamicEntry ? ['src/app/staff-main.tsx'] : [];
const shopRoot = manifest['src/features/customer-app/shop-main.tsx']?.isDynamicEntry
  ? ['src/features/customer-app/shop-main.tsx']
  : [];
for (const [label, keys] of [
  ['staff root', staffRoot],
  ['shop root', shopRoot],
] as const)
  if (keys.length) console.log(`${`entry + ${label}:`.padEnd(33)}${kb(load([...keys]).total)}`);

const kbPad = (n: number) => kb(n).padStart(10);
/** the gzipped JS a set of lazy modules adds to the entry */
function load(keys: string[]) {
  const own = new Set<string>();
  for (const k of keys) for (const c of closure(k)) if (!base.has(c)) own.add(c);
  const bytes = [...own].reduce((s, c) => s + gz(manifest[c].file), 0);
  const grid = [...own].some((c) => manifest[c].file.includes('ag-grid'));
  return { total: baseBytes + bytes, grid };
}

const screens = Object.keys(manifest).filter((k) => /features\/.*-page\.tsx$/.test(k));
const rootOf = (k: string) => (k.includes('customer-app/shop-') ? shopRoot : staffRoot);
const rows = screens.map((k) => ({ screen: k.replace('src/features/', ''), ...load([...rootOf(k), k]) }));
rows.sort((a, b) => a.total - b.total);
console.log('\nper page module:');
for (const r of rows) console.log(`${r.screen.padEnd(48)} ${kbPad(r.total)}${r.grid ? '  (AG Grid)' : ''}`);

/**
 * Per route: the lazy modules React Router loads for it, read from the features' routes.tsx
 * (`{ path: '/x', lazy: lazyPage(() => import('./x-page')) }`, or `lazyExtendedPage(..., 'point')`,
 * which loads that extension point's module, app/<point>.ts, beside the page), the shop's pages under its
 * shop-app module (customer-app/shop-routes.tsx) at /shop/:subdomain.
 */
const webRoot = path.resolve(import.meta.dirname, '../apps/web');
const inManifest = (key: string, inRoot = false) => {
  // a module the shop's root imports statically is part of the root's chunk
  if (!manifest[key] && inRoot) return null;
  if (!manifest[key]) throw new Error(`${key} is not a chunk of the build: rebuild the web app`);
  return key;
};
// the signed-in routes render inside the app's layout (app/router.tsx), a lazy module of its own
const layoutKey = 'src/app/layout.tsx';
const shell = manifest[layoutKey]?.isDynamicEntry ? [layoutKey] : [];
const routes = new Map<string, string[]>();
for (const r of featureRoutes(webRoot))
  routes.set(r.path, [
    ...staffRoot,
    ...(r.kind === 'private' ? shell : []),
    ...r.modules.map((k) => inManifest(k) as string),
  ]);
const shopBase = '/shop/:subdomain';
const shopModules = (page: string) =>
  [...shopRoot, inManifest('src/features/customer-app/shop-app.tsx', true), inManifest(page, true)].filter(
    (k): k is string => !!k,
  );
for (const r of shopRoutes(webRoot)) routes.set(r.path ? `${shopBase}/${r.path}` : shopBase, shopModules(r.page));
// signed out, every shop page is the sign-in form (shop-app.tsx loads it beside the page)
routes.set(`${shopBase} (signed out)`, [
  ...shopModules('src/features/customer-app/shop-catalog-page.tsx'),
  ...shopModules('src/features/customer-app/shop-signin-page.tsx'),
]);

const perRoute = [...routes].map(([route, keys]) => ({ route, ...load(keys) }));
perRoute.sort((a, b) => a.total - b.total);
console.log('\nper route (entry + the lazy modules of the route):');
for (const r of perRoute) console.log(`${r.route.padEnd(48)} ${kbPad(r.total)}${r.grid ? '  (AG Grid)' : ''}`);

const BUDGET = 350 * 1024;
/** issue 34: the shop on a mid-range phone */
const SHOP_BUDGET = 170 * 1024;
const named: [string, string][] = [
  ['staff sign-in', '/auth'],
  ['customer sign-in', '/signin'],
  ['customer shop (catalog)', shopBase],
  ['customer shop (sign-in)', `${shopBase} (signed out)`],
  ['customer shop (sign-up)', `${shopBase}/signup`],
  ['dashboard', '/dashboard'],
  ['invoice builder', '/invoice/create'],
];
console.log('\nscreens of issue 19:');
for (const [label, route] of named) {
  const r = perRoute.find((x) => x.route === route);
  if (!r) throw new Error(`no route ${route}`);
  const limit = /shop/.test(label) ? SHOP_BUDGET : BUDGET;
  const budget = /sign-in|shop/.test(label)
    ? `  budget ${kb(limit)}: ${r.total <= limit ? 'met' : `OVER by ${kb(r.total - limit)}`}`
    : '';
  console.log(`${`${label} (${route})`.padEnd(48)} ${kbPad(r.total)}${budget}`);
}
for (const r of perRoute.filter((x) => x.grid)) console.log(`${`grid ${r.route}`.padEnd(48)} ${kbPad(r.total)}`);
