import type { RouteObject } from 'react-router';
import { whenIdle } from './when-idle';

/*
 * The navigation's screens are fetched while the first one is idle (issue 37): one at a time, each
 * in an idle moment of the page, so the second screen a clerk opens waits for none of its chunks
 * (a grid's AG Grid is 284 KB gzipped). A screen's own lazy loader does the fetching: the browser
 * keeps the modules, and opening the screen later loads them from there. Nothing is fetched on a
 * connection that asks to save data or is 2G.
 */

const screens = new Map<string, () => unknown>();

/** The signed-in routes (app/router.tsx): the screens that can be fetched ahead, by path. */
export function registerScreens(routes: RouteObject[]) {
  for (const r of routes) if (r.path && typeof r.lazy === 'function') screens.set(r.path, r.lazy as () => unknown);
}

/** Fetches the screens at these paths, but `current`, one per idle moment; returns a stop. */
export function prefetchScreens(paths: readonly string[], current: string): () => void {
  const connection = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return () => {};
  const queue = paths.filter((p) => p !== current && screens.has(p));
  let stopped = false;
  let cancel = () => {};
  const next = () => {
    const path = queue.shift();
    if (stopped || !path) return;
    const load = screens.get(path);
    cancel = whenIdle(() => {
      // a fetch that fails is tried again when its screen opens
      Promise.resolve()
        .then(load)
        .catch(() => undefined)
        .finally(next);
    });
  };
  next();
  return () => {
    stopped = true;
    cancel();
  };
}
