import type {
  cartOut,
  cartRequest,
  catalogOut,
  catalogRowOut,
  customerAppCompanyOut,
  customerBalanceOut,
  customerInvoicesOut,
  customerOrdersOut,
  placeOrderRequest,
  preferencesOut,
} from '@dbo/domain/customer-app';
import type { orderDetailOut, orderItemOut, orderOut } from '@dbo/domain/order';
import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, request } from '../../lib/api';
import { CUSTOMER_TOKEN_KEY, type CustomerAppUser, type CustomerAuthAnswer } from './customer-session';
import { isOfflineError, localCart, newClientId, type QueuedOrder, queueOrder, setPendingCart } from './shop-offline';

/** The customer app reads the same order answers as the staff side (the same domain schemas). */
export type ShopOrder = z.infer<typeof orderOut>;
export type ShopOrderDetail = z.infer<typeof orderDetailOut>;
export type ShopOrderItem = z.infer<typeof orderItemOut>;

export type ShopCompany = z.infer<typeof customerAppCompanyOut>;
export type CatalogRow = z.infer<typeof catalogRowOut>;
export type CatalogAnswer = z.infer<typeof catalogOut>;
export type Cart = z.infer<typeof cartOut>;
export type CartBody = z.infer<typeof cartRequest>;
export type PlaceOrderBody = z.infer<typeof placeOrderRequest>;
export type ShopOrders = z.infer<typeof customerOrdersOut>;
export type ShopInvoices = z.infer<typeof customerInvoicesOut>;
export type ShopInvoiceRow = ShopInvoices['rows'][number];
export type ShopBalance = z.infer<typeof customerBalanceOut>;
export type ShopPreferences = z.infer<typeof preferencesOut>;

export const getCustomerToken = () => localStorage.getItem(CUSTOMER_TOKEN_KEY);
export const setCustomerToken = (t: string | null) =>
  t ? localStorage.setItem(CUSTOMER_TOKEN_KEY, t) : localStorage.removeItem(CUSTOMER_TOKEN_KEY);

let onSignedOut: () => void = () => {};
/** The shop session registers what a 401 does (revoked or disabled user: back to sign-in). */
export function setShopUnauthorizedHandler(fn: () => void) {
  onSignedOut = fn;
}

/** A call with the customer user's own token (never the staff token). */
export async function shopRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  query?: Record<string, string | number | undefined>,
): Promise<T> {
  try {
    return await request<T>(method, path, { token: getCustomerToken(), body, query });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      setCustomerToken(null);
      onSignedOut();
    }
    throw err;
  }
}

export const shopKeys = {
  all: ['shop'] as const,
  company: (sub: string) => ['shop', 'company', sub] as const,
  me: ['shop', 'me'] as const,
  catalog: (q: Record<string, unknown>) => ['shop', 'catalog', q] as const,
  cart: ['shop', 'cart'] as const,
  orders: ['shop', 'orders'] as const,
  order: (id: string) => ['shop', 'orders', id] as const,
  invoices: ['shop', 'invoices'] as const,
  balance: ['shop', 'balance'] as const,
  preferences: ['shop', 'preferences'] as const,
};

/** A GET of the customer app under `queryKey`, with the customer user's token. */
function useShopGet<T>(
  queryKey: QueryKey,
  path: string,
  opts: { query?: Record<string, string | number | undefined>; enabled?: boolean } = {},
) {
  return useQuery({
    queryKey,
    queryFn: () => shopRequest<T>('GET', path, undefined, opts.query),
    enabled: opts.enabled,
    // offline the request still goes out once: the service worker answers the last copy
    networkMode: 'offlineFirst',
  });
}

/** A write that answers the new state of `queryKey` (the cart, the preferences): kept as it is, no refetch. */
function useShopSave<V, T>(queryKey: QueryKey, mutationFn: (variables: V) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      qc.setQueryData(queryKey, data);
    },
  });
}

export function useShopCompany(subdomain: string) {
  return useQuery({
    queryKey: shopKeys.company(subdomain),
    queryFn: () => request<ShopCompany>('GET', '/customer-app/company', { public: true, query: { subdomain } }),
    retry: false,
    networkMode: 'offlineFirst',
    staleTime: 60_000,
  });
}

export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: shopKeys.me,
    queryFn: () =>
      shopRequest<{ customerUser: CustomerAppUser }>('GET', '/customer-app/me').then((r) => r.customerUser),
    enabled,
    retry: false,
    networkMode: 'offlineFirst',
  });
}

export function useCart(enabled = true) {
  return useShopGet<Cart>(shopKeys.cart, '/customer-app/cart', { enabled });
}

/** The catalogue rows the phone holds (every page loaded): what an offline cart is priced from. */
function catalogRows(qc: QueryClient): CatalogRow[] {
  return qc
    .getQueriesData<InfiniteData<CatalogAnswer>>({ queryKey: ['shop', 'catalog'] })
    .flatMap(([, d]) => d?.pages.flatMap((p) => p.rows) ?? []);
}

/**
 * PUT /customer-app/cart: the server keeps the cart (a draft order), so it survives reloads and
 * devices. Without a signal the cart is kept on the phone (totals by the same orderTotals) and
 * sent when the signal returns.
 */
export function useSaveCart(taxRate: number) {
  const qc = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (body: CartBody) => {
      try {
        const cart = await shopRequest<Cart>('PUT', '/customer-app/cart', body);
        setPendingCart(null);
        return cart;
      } catch (err) {
        if (!isOfflineError(err)) throw err;
        setPendingCart(body);
        return localCart(body, qc.getQueryData<Cart>(shopKeys.cart), catalogRows(qc), taxRate);
      }
    },
    onSuccess: (data) => {
      qc.setQueryData(shopKeys.cart, data);
    },
  });
}

/**
 * POST /customer-app/order with a client_id (the same id twice makes one order). Without a signal
 * the cart's lines are queued with that id and the cart empties: answers the queued order.
 */
export function usePlaceOrder(opts: { onSuccess?: (order: ShopOrder | QueuedOrder) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (body: { note?: string }): Promise<ShopOrder | QueuedOrder> => {
      const client_id = newClientId();
      try {
        return await shopRequest<ShopOrder>('POST', '/customer-app/order', { ...body, client_id });
      } catch (err) {
        const cart = qc.getQueryData<Cart>(shopKeys.cart);
        if (!isOfflineError(err) || !cart?.items.length) throw err;
        const items = cart.items.map((i) => ({ product_id: i.product_id, qty: i.qty }));
        const queued = queueOrder({ client_id, items, note: body.note ?? cart.note ?? '' });
        // the server's cart still holds these lines: emptied first when the signal returns
        setPendingCart({ items: [], note: '' });
        qc.setQueryData<Cart>(shopKeys.cart, { ...cart, items: [], note: '', sub_total: 0, tax_total: 0, total: 0 });
        return queued;
      }
    },
    onSuccess: async (order) => {
      if (!('client_id' in order)) {
        await qc.invalidateQueries({ queryKey: shopKeys.cart });
        await qc.invalidateQueries({ queryKey: shopKeys.orders });
      }
      opts.onSuccess?.(order);
    },
  });
}

export function useShopOrders() {
  return useShopGet<ShopOrders>(shopKeys.orders, '/customer-app/order', { query: { startRow: 0, endRow: 100 } });
}

export function useShopOrder(id: string | undefined) {
  return useQuery({
    queryKey: shopKeys.order(id ?? ''),
    queryFn: () => shopRequest<ShopOrderDetail>('GET', `/customer-app/order/${encodeURIComponent(id ?? '')}`),
    enabled: !!id,
    retry: false,
  });
}

export function useShopInvoices() {
  return useShopGet<ShopInvoices>(shopKeys.invoices, '/customer-app/invoice', { query: { startRow: 0, endRow: 100 } });
}

export function useShopBalance() {
  return useShopGet<ShopBalance>(shopKeys.balance, '/customer-app/balance');
}

/** 'Order again': the server adds the order's available lines to the cart (`skipped` names the others). */
export function useOrderAgain() {
  return useShopSave(shopKeys.cart, (orderId: number) =>
    shopRequest<Cart>('POST', `/customer-app/order/${orderId}/again`, {}),
  );
}

/** A PDF behind the customer token (invoice, balance): fetched, then opened from a blob URL. */
export async function openShopPdf(path: string) {
  const target = window.open('', '_blank');
  try {
    const res = await request<Response>('GET', path, { token: getCustomerToken(), raw: true });
    const url = URL.createObjectURL(await res.blob());
    if (target) target.location.href = url;
    else window.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    target?.close();
    throw err;
  }
}

export function usePreferences() {
  return useShopGet<ShopPreferences>(shopKeys.preferences, '/customer-app/preferences');
}

export function useSavePreferences() {
  return useShopSave(shopKeys.preferences, (body: ShopPreferences) =>
    shopRequest<ShopPreferences>('PUT', '/customer-app/preferences', body),
  );
}

// ---- the shop's sign-in, sign-up and password reset (public) --------------------------------------

export const shopSignIn = (body: { email: string; password: string; subdomain: string }) =>
  request<CustomerAuthAnswer>('POST', '/customer-app/signin', { body, public: true });

/** An invited customer user's sign-up (the invitation's token in the body). */
export const shopSignUp = (body: Record<string, string>) =>
  request<CustomerAuthAnswer>('POST', '/customer-app/signup', { body, public: true });

/** Ends this token's session on the server. */
export const shopSignOut = (token: string) => request('POST', '/customer-app/signout', { token });

export const shopResetRequest = (body: { email: string; subdomain: string }) =>
  request('POST', '/customer-app/reset-request', { body, public: true });

export const shopResetPassword = (body: { token: string; password: string; confirm_password: string }) =>
  request('PUT', '/customer-app/password', { body, public: true });
