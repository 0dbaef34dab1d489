import type { Cart, CartBody } from './shop-api';

/** Quantity bounds of an order line (the server refuses anything else). */
export const QTY_MIN = 1;
export const QTY_MAX = 9999;

export const clampQty = (n: number) => Math.min(QTY_MAX, Math.max(QTY_MIN, Math.trunc(n)));

/** The cart as the PUT body, after setting one product's quantity (0 removes the line). */
export function withQty(cart: Cart | undefined, productId: number, qty: number): CartBody {
  const items = (cart?.items ?? []).map((i) => ({ product_id: i.product_id, qty: i.qty }));
  const at = items.findIndex((i) => i.product_id === productId);
  if (qty <= 0) {
    if (at >= 0) items.splice(at, 1);
  } else if (at >= 0) items[at] = { product_id: productId, qty: clampQty(qty) };
  else items.push({ product_id: productId, qty: clampQty(qty) });
  return { items, note: cart?.note ?? '' };
}

/** The cart as the PUT body with another note. */
export const withNote = (cart: Cart | undefined, note: string): CartBody => ({
  items: (cart?.items ?? []).map((i) => ({ product_id: i.product_id, qty: i.qty })),
  note,
});

/** Adds to what is already in the cart. */
export function withAdded(cart: Cart | undefined, productId: number, qty: number): CartBody {
  const current = cart?.items.find((i) => i.product_id === productId)?.qty ?? 0;
  return withQty(cart, productId, current + qty);
}

/** Solid dark tag colours: white text on them passes WCAG AA. */
export const STOCK_COLORS = { in_stock: '#237804', low: '#874d00', out_of_stock: '#a8071a' } as const;
