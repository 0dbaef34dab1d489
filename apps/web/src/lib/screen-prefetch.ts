import { whenIdle } from './when-idle';

/**
 * route-chunks.json, written by the build (apps/web/route-chunks.ts) beside index.html: the files,
 * and per signed-in route the indexes of its own
 */
export interface RouteChunks {
  files: string[];
  routes: Record<string, number[]>;
}

/** how long the first screen has to itself (its own chunks and first answers) before any prefetch */
export const SETTLE_MS = 3000;

/**
 * The files of the screens at `paths` (a menu's items: the route at that path first, then the
 * routes under it, such as /invoice/:number under /invoice), in that order, once each.
 */
export function filesFor(map: RouteChunks, paths: readonly string[]): string[] {
  const routes = Object.keys(map.routes);
  const ordered = [
    ...paths.filter((p) => map.routes[p]),
    ...paths.flatMap((p) => routes.filter((r) => r.startsWith(`${p}/`))),
  ];
  const files = new Set<string>();
  for (const r of ordered) for (const i of map.routes[r] ?? []) if (map.files[i]) files.add(map.files[i]);
  return [...files];
}

/** what the page has fetched or asked for already */
function present(): Set<string> {
  const have = new Set<string>();
  for (const e of performance.getEntriesByType('resource')) have.add(new URL(e.name, location.href).pathname);
  for (const l of document.querySelectorAll<HTMLLinkElement>('link[href]')) have.add(new URL(l.href).pathname);
  return have;
}

/**
 * Has the browser load the screens at `paths` ahead (issue 37) once the first screen has had its
 * moment and the page is idle: a link per file the route map names and the page has not loaded, a
 * script as `modulepreload` (fetched and compiled, not run: the page's thread stays free), a style
 * sheet as `prefetch`. The screen opened next then waits neither for its files nor for their
 * compiling (`bench/screen-prefetch.ts`: the invoice grid after the dashboard, 1.1 s -> 0.6 s on a
 * 10 Mbit/s line; fetched alone, as `prefetch`, it was no faster, as compiling AG Grid then came at
 * the click). Nothing is loaded on a connection that asks to save data or is 2G, nor where the
 * build wrote no map (the dev server). Answers a stop.
 */
export function prefetchScreens(paths: readonly string[]): () => void {
  const connection = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return () => {};
  let stopped = false;
  let cancelIdle = () => {};
  const timer = setTimeout(() => {
    cancelIdle = whenIdle(() => {
      fetch('/route-chunks.json')
        .then((r) => (r.ok ? (r.json() as Promise<RouteChunks>) : null))
        .then((map) => {
          if (stopped || !map?.routes) return;
          const have = present();
          for (const file of filesFor(map, paths)) {
            if (have.has(file)) continue;
            const link = document.createElement('link');
            const css = file.endsWith('.css');
            link.rel = css ? 'prefetch' : 'modulepreload';
            if (css) link.as = 'style';
            link.href = file;
            document.head.append(link);
          }
        })
        .catch(() => undefined);
    });
  }, SETTLE_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
    cancelIdle();
  };
}
