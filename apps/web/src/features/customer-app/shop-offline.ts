import { orderTotals } from '@dbo/domain/order-totals';
import type { Cart, CartBody, CatalogRow } from './shop-api';

/**
 * The shop without a signal (issue 34): the cart is kept on the phone until the server can take it,
 * and an order placed offline waits in an outbox with its client_id, sent once when the signal
 * returns (the server makes one order of one client_id, however often it arrives).
 */
export const OFFLINE_QUEUED = 'Will be sent when you are back online';

const OUTBOX_KEY = 'dbo.shop.outbox';
const CART_KEY = 'dbo.shop.pendingCart';

export interface QueuedOrder {
  client_id: string;
  items: { product_id: number; qty: number }[];
  note: string;
  queued_at: string;
}

/** A fetch that never reached the server (no signal), as opposed to the server's refusal. */
export const isOfflineError = (err: unknown) =>
  (typeof navigator !== 'undefined' && navigator.onLine === false) || err instanceof TypeError;

export function newClientId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

const read = <T>(key: string, empty: T): T => {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : empty;
  } catch {
    return empty;
  }
};

export const readOutbox = () => read<QueuedOrder[]>(OUTBOX_KEY, []);
function writeOutbox(list: QueuedOrder[]) {
  if (list.length) localStorage.setItem(OUTBOX_KEY, JSON.stringify(list));
  else localStorage.removeItem(OUTBOX_KEY);
  window.dispatchEvent(new Event('shop-outbox'));
}

export function queueOrder(order: Omit<QueuedOrder, 'queued_at'>): QueuedOrder {
  const q = { ...order, queued_at: new Date().toISOString() };
  writeOutbox([...readOutbox().filter((o) => o.client_id !== q.client_id), q]);
  return q;
}

/** The cart saved offline, to PUT when the signal returns; null: nothing waits. */
export const pendingCart = () => read<CartBody | null>(CART_KEY, null);
export const setPendingCart = (body: CartBody | null) =>
  body ? localStorage.setItem(CART_KEY, JSON.stringify(body)) : localStorage.removeItem(CART_KEY);

/**
 * The cart as the server would answer it, from the lines asked for, the last cart and the
 * catalogue pages on the phone: prices the customer was shown, totals by orderTotals (the invoice's
 * rule), so the offline cart says what the online one would.
 */
export function localCart(
  body: CartBody,
  last: Cart | undefined,
  catalog: readonly CatalogRow[],
  taxRate: number,
): Cart {
  const showPrices = last?.show_prices ?? true;
  const known = new Map<number, CatalogRow | Cart['items'][number]>();
  for (const r of catalog) known.set(r.id, r);
  for (const i of last?.items ?? []) known.set(i.product_id, i);
  const items: Cart['items'] = [];
  for (const l of body.items) {
    const k = known.get(l.product_id);
    if (!k) continue;
    const product = 'product_id' in k ? k.product : { ...k };
    const price = k.price;
    items.push({
      product_id: l.product_id,
      qty: l.qty,
      product: {
        id: l.product_id,
        product: product.product,
        product_type: product.product_type,
        product_size: product.product_size,
        upc: product.upc,
      },
      price,
      total: price === null ? null : orderTotals([{ qty: l.qty, price }], 0).sub_total,
      stock_status: k.stock_status,
      max_qty: k.max_qty,
    });
  }
  const totals = orderTotals(
    items.map((i) => ({ qty: i.qty, price: i.price ?? 0 })),
    taxRate,
  );
  return {
    items,
    note: body.note ?? '',
    sub_total: showPrices ? totals.sub_total : null,
    tax_total: showPrices ? totals.tax_total : null,
    total: showPrices ? totals.total : null,
    tax_rate: taxRate,
    show_prices: showPrices,
    skipped: [],
  };
}

/**
 * Sends what waits: the cart saved offline, then each queued order once (a network failure keeps
 * it for the next time; the server's refusal drops it and is reported). Answers what was sent.
 */
export async function flushOutbox(send: {
  cart: (body: CartBody) => Promise<unknown>;
  order: (o: QueuedOrder) => Promise<unknown>;
  refused: (o: QueuedOrder, err: unknown) => void;
}): Promise<number> {
  const cart = pendingCart();
  if (cart) {
    try {
      await send.cart(cart);
      setPendingCart(null);
    } catch (err) {
      if (isOfflineError(err)) return 0;
      setPendingCart(null);
    }
  }
  let sent = 0;
  for (const o of readOutbox()) {
    try {
      await send.order(o);
      sent++;
    } catch (err) {
      if (isOfflineError(err)) break;
      send.refused(o, err);
    }
    writeOutbox(readOutbox().filter((q) => q.client_id !== o.client_id));
  }
  return sent;
}
