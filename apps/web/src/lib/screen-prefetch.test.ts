import { afterEach, describe, expect, it, vi } from 'vitest';
import { filesFor, prefetchScreens, SETTLE_MS, type RouteChunks } from './screen-prefetch';

const map: RouteChunks = {
  files: [
    '/assets/invoice-list-page.js',
    '/assets/ag-grid.js',
    '/assets/invoice-detail-page.js',
    '/assets/invoices.css',
    '/assets/customer-list-page.js',
  ],
  routes: {
    '/invoice': [0, 1],
    '/invoice/:number': [2, 3, 1],
    '/customer': [4, 1],
    '/stamp': [],
  },
};

/** the links it added: the page's own modulepreload of the grid carries a data-page mark */
const prefetched = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link:not([data-page])')].map((l) => [
    new URL(l.href).pathname,
    l.rel,
  ]);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
});

/** the first screen's moment, then the idle callback and the map's answer */
async function settle() {
  await vi.advanceTimersByTimeAsync(SETTLE_MS + 2_500);
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('the menu screens prefetched while the first one is idle (issue 37)', () => {
  it("lists each menu screen's files, then those of the routes under it, once each", () => {
    expect(filesFor(map, ['/customer', '/invoice', '/nowhere'])).toEqual([
      '/assets/customer-list-page.js',
      '/assets/ag-grid.js',
      '/assets/invoice-list-page.js',
      '/assets/invoice-detail-page.js',
      '/assets/invoices.css',
    ]);
  });

  it('adds a modulepreload link per script and a prefetch per style sheet the page has not loaded, only after the first screen had its moment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMap = vi.fn(async () => new Response(JSON.stringify(map)));
    vi.stubGlobal('fetch', fetchMap);
    // the page loaded the grid already
    const loaded = document.createElement('link');
    loaded.rel = 'modulepreload';
    loaded.dataset.page = '1';
    loaded.href = '/assets/ag-grid.js';
    document.head.append(loaded);

    prefetchScreens(['/dashboard', '/invoice']);
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 100);
    expect(fetchMap).not.toHaveBeenCalled();
    await settle();
    expect(fetchMap).toHaveBeenCalledWith('/route-chunks.json');
    expect(prefetched()).toEqual([
      ['/assets/invoice-list-page.js', 'modulepreload'],
      ['/assets/invoice-detail-page.js', 'modulepreload'],
      ['/assets/invoices.css', 'prefetch'],
    ]);
  });

  it('fetches nothing once stopped, on a connection that saves data, or where the build wrote no map', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMap = vi.fn(async () => new Response(JSON.stringify(map)));
    vi.stubGlobal('fetch', fetchMap);
    const stop = prefetchScreens(['/invoice']);
    stop();
    await settle();
    expect(fetchMap).not.toHaveBeenCalled();

    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    prefetchScreens(['/invoice']);
    await settle();
    expect(fetchMap).not.toHaveBeenCalled();

    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '4g' }, configurable: true });
    vi.stubGlobal('fetch', async () => new Response('Not found', { status: 404 }));
    prefetchScreens(['/invoice']);
    await settle();
    expect(prefetched()).toEqual([]);
  });
});
