import fs from 'node:fs';
import path from 'node:path';

/** A route of a feature's routes.tsx and the modules its lazy loader brings (paths under the web app). */
export interface RouteModules {
  path: string;
  /** `privateRoutes` (inside the signed-in layout), `publicRoutes` or `hostRoutes` */
  kind: 'private' | 'public' | 'host';
  /** the page module, then an extension point's module (app/<point>.ts) that loads beside it */
  modules: string[];
}

const routeRe =
  /(?:path: '([^']*)'|index: true), lazy: lazy(Extended)?Page\(\(\) => import\('\.\/([^']+)'\)(?:, '(\w+)')?\)/g;

/** 'dashboardWidgets' -> src/app/dashboard-widgets.ts */
const extensionModule = (point: string) => `src/app/${point.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.ts`;

/**
 * The routes every feature declares (`src/features/<feature>/routes.tsx`), read from their source:
 * `{ path: '/x', lazy: lazyPage(() => import('./x-page')) }`, or `lazyExtendedPage(..., 'point')`.
 * What the web build's route map (route-chunks.ts) and `bench/web-bundle.ts` read the chunks by.
 * The first declaration of a path wins, as in the router.
 */
export function featureRoutes(webRoot: string): RouteModules[] {
  const featuresDir = path.join(webRoot, 'src/features');
  const routes: RouteModules[] = [];
  for (const feature of fs.readdirSync(featuresDir).sort()) {
    const file = path.join(featuresDir, feature, 'routes.tsx');
    if (!fs.existsSync(file)) continue;
    for (const part of fs.readFileSync(file, 'utf8').split(/(?=export const \w+Routes)/)) {
      const kind = /^export const (private|public|host)Routes/.exec(part)?.[1] as RouteModules['kind'] | undefined;
      if (!kind) continue;
      for (const m of part.matchAll(routeRe)) {
        if (!m[1] || routes.some((r) => r.path === m[1])) continue;
        const page = `src/features/${feature}/${m[3]}.tsx`;
        routes.push({ path: m[1], kind, modules: m[2] ? [page, extensionModule(m[4] ?? '')] : [page] });
      }
    }
  }
  return routes;
}

/** The same pattern for the shop's pages under /shop/:subdomain (customer-app/shop-routes.tsx). */
export function shopRoutes(webRoot: string): { path: string; page: string }[] {
  const file = path.join(webRoot, 'src/features/customer-app/shop-routes.tsx');
  return [...fs.readFileSync(file, 'utf8').matchAll(routeRe)].map((m) => ({
    path: m[1] ?? '',
    page: `src/features/customer-app/${m[3]}.tsx`,
  }));
}
