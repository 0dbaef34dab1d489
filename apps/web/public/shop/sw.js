/*
 * The shop's service worker (issue 34), scoped to /shop/ only: the staff app and the driver's app
 * (/driver) are not under it. It keeps on the phone:
 * - the app shell: the shop's pages answer index.html, network first, the last copy when offline;
 * - the built assets (content-hashed names, so cache first is safe);
 * - the last answers of the shop's API reads (company, catalogue, cart, orders, invoices, balance),
 *   network first, the last answer when offline.
 * Writes are never cached or replayed here: the page queues an order placed offline with its
 * client_id and sends it once when the signal returns (the server makes one order of one id).
 */
const SHELL = 'shop-shell-v1';
const API = 'shop-api-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (![SHELL, API].includes(key)) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

// the page names what it loaded before the worker took over, and clears the API copies at sign-out
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'cache' && Array.isArray(data.urls))
    event.waitUntil(caches.open(SHELL).then((c) => Promise.all(data.urls.map((u) => c.add(u).catch(() => undefined)))));
  if (data.type === 'sign-out') event.waitUntil(caches.delete(API));
});

async function networkFirst(cacheName, request, fallbackUrl) {
  const cache = await caches.open(cacheName);
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(fallbackUrl || request, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(fallbackUrl || request);
    if (hit) return hit;
    throw err;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === 'navigate' && url.pathname.startsWith('/shop/')) {
    // every shop page is the one app shell
    event.respondWith(networkFirst(SHELL, req, '/shop/__shell'));
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/logo-files/')) {
    event.respondWith(cacheFirst(req));
    return;
  }
  if (url.pathname.startsWith('/api/v1/customer-app/') && !url.pathname.endsWith('/pdf')) {
    event.respondWith(networkFirst(API, req));
    return;
  }
  if (url.pathname.startsWith('/api/v1/logo-files/')) event.respondWith(cacheFirst(req));
});
