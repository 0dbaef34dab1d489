import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { sendCart, sendOrder, shopKeys } from './shop-api';
import { flushOutbox, pendingCart, readOutbox } from './shop-offline';

/**
 * Installable shop (issue 34): the distributor's manifest (/shop/{subdomain}/manifest.webmanifest)
 * in the page's head and the shop's service worker, scoped to /shop/ alone (never the staff app or
 * the driver's /driver). Not on {subdomain}.{APP_DOMAIN}, where the shop is at / (no scope fits).
 */
export function useShopInstall(subdomain: string, onHost: boolean) {
  useEffect(() => {
    if (onHost || !subdomain) return;
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `/shop/${encodeURIComponent(subdomain)}/manifest.webmanifest`;
    document.head.appendChild(link);
    const theme = document.createElement('meta');
    theme.name = 'theme-color';
    theme.content = '#1f3a5f';
    document.head.appendChild(theme);
    if ('serviceWorker' in navigator)
      void navigator.serviceWorker
        .register('/shop/sw.js', { scope: '/shop/' })
        .then(() => navigator.serviceWorker.ready)
        .then((reg) => {
          // what this page loaded before the worker took over: the shell and its scripts and styles
          const urls = performance
            .getEntriesByType('resource')
            .map((e) => e.name)
            .filter((u) => u.startsWith(`${location.origin}/assets/`));
          reg.active?.postMessage({ type: 'cache', urls: [...urls, '/shop/__shell'] });
        })
        .catch(() => undefined);
    return () => {
      link.remove();
      theme.remove();
    };
  }, [subdomain, onHost]);
}

/**
 * Signed in, once the worker is ready: the shop's other pages, so they open offline too (not on
 * the sign-in page, whose first seconds on a phone are the form's alone).
 */
export function useOfflinePages(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn || !('serviceWorker' in navigator)) return;
    void navigator.serviceWorker.ready
      .then(() =>
        Promise.all([
          import('./shop-cart-page'),
          import('./shop-orders-page'),
          import('./shop-order-page'),
          import('./shop-invoices-page'),
          import('./shop-account-page'),
        ]),
      )
      .catch(() => undefined);
  }, [signedIn]);
}

/** Sign-out: the last answers kept for offline use are this user's; the worker forgets them. */
export function forgetShopAnswers() {
  navigator.serviceWorker?.controller?.postMessage({ type: 'sign-out' });
}

/** How often what waits on the phone is tried again while the page is open. */
export const OUTBOX_RETRY_MS = 15_000;

/**
 * The orders waiting on this phone: sent once when the signal returns (and at start), the cart
 * saved offline first, and tried again every OUTBOX_RETRY_MS while any wait (the 'online' event
 * can come before the network carries a request, and a weak signal drops one). Answers how many wait.
 */
export function useOutbox(signedIn: boolean, onRefused: (message: string) => void) {
  const qc = useQueryClient();
  const [waiting, setWaiting] = useState(() => readOutbox().length);
  const flush = useCallback(async () => {
    if (!signedIn || !navigator.onLine) return;
    if (!pendingCart() && readOutbox().length === 0) return;
    await flushOutbox({
      cart: async (body) => qc.setQueryData(shopKeys.cart, await sendCart(body)),
      order: (o) => sendOrder({ items: o.items, note: o.note || null, client_id: o.client_id }),
      refused: (_o, err) => onRefused(err instanceof Error ? err.message : String(err)),
    });
    setWaiting(readOutbox().length);
    await qc.invalidateQueries({ queryKey: shopKeys.orders });
    await qc.invalidateQueries({ queryKey: shopKeys.cart });
  }, [signedIn, qc, onRefused]);
  useEffect(() => {
    void flush();
    const online = () => void flush();
    const changed = () => setWaiting(readOutbox().length);
    window.addEventListener('online', online);
    window.addEventListener('shop-outbox', changed);
    const timer = window.setInterval(online, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('shop-outbox', changed);
      window.clearInterval(timer);
    };
  }, [flush]);
  return waiting;
}
