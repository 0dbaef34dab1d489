import type { cartRequest, catalogQuery, placeOrderRequest } from '@dbo/domain/customer-app';
import type { EndpointArgs, EndpointSpec } from '@dbo/domain/endpoint';
import type * as shopEndpoints from '@dbo/domain/endpoints/customer-app';
import type * as sessionEndpoints from '@dbo/domain/endpoints/customer-app-session';
import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, openInNewTab } from '../../lib/api';
import { type Answer, callRoute, fileRoute, type RouteOf } from '../../lib/endpoints';
import { CUSTOMER_TOKEN_KEY } from './customer-session';
import { api, session } from './shop-endpoints';
import { isOfflineError, localCart, newClientId, type QueuedOrder, queueOrder, setPendingCart } from './shop-offline';

/** The customer app reads the same order answers as the staff side (the same domain schemas). */
export type ShopOrder = Answer<typeof shopEndpoints.placeOrder>;
export type ShopOrderDetail = Answer<typeof shopEndpoints.order>;
export type ShopOrderItem = ShopOrderDetail['order']['orderItems'][number];

export type ShopCompany = Answer<typeof shopEndpoints.company>;
export type CatalogAnswer = Answer<typeof shopEndpoints.catalog>;
export type CatalogRow = CatalogAnswer['rows'][number];
export type Cart = Answer<typeof shopEndpoints.cart>;
export type CartBody = z.infer<typeof cartRequest>;
export type PlaceOrderBody = z.infer<typeof placeOrderRequest>;
export type ShopOrders = Answer<typeof shopEndpoints.orders>;
export type ShopInvoices = Answer<typeof shopEndpoints.invoices>;
export type ShopInvoiceRow = ShopInvoices['rows'][number];
export type ShopBalance = Answer<typeof shopEndpoints.balance>;
export type ShopPreferences = Answer<typeof shopEndpoints.preferences>;

export const getCustomerToken = () => localStorage.getItem(CUSTOMER_TOKEN_KEY);
export const setCustomerToken = (t: string | null) =>
  t ? localStorage.setItem(CUSTOMER_TOKEN_KEY, t) : localStorage.removeItem(CUSTOMER_TOKEN_KEY);

let onSignedOut: () => void = () => {};
/** The shop session registers what a 401 does (revoked or disabled user: back to sign-in). */
export function setShopUnauthorizedHandler(fn: () => void) {
  onSignedOut = fn;
}

/** A shop call's answer; its 401 (a revoked or disabled user) ends the shop session. */
async function signedOutOn401<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      setCustomerToken(null);
      onSignedOut();
    }
    throw err;
  }
}

/** A call of the shop's endpoints with the customer user's own token (never the staff token). */
export const shopCall = <E extends EndpointSpec>(ep: RouteOf<E>, args: EndpointArgs<E>): Promise<Answer<E>> =>
  signedOutOn401(callRoute(ep, args, { token: getCustomerToken() }));

/** One page of the catalogue (its infinite list reads page after page). */
export const catalogPage = (query: z.input<typeof catalogQuery>) => shopCall(api.catalog, { query });
/** The cart as the customer left it: the server's copy, answered with its totals. */
export const sendCart = (body: CartBody) => shopCall(api.saveCart, { body });
/** An order of the cart's lines, or of lines queued offline (the same client_id twice makes one order). */
export const sendOrder = (body: PlaceOrderBody) => shopCall(api.placeOrder, { body });

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
function useShopGet<E extends EndpointSpec>(
  queryKey: QueryKey,
  ep: RouteOf<E>,
  args: EndpointArgs<E>,
  opts: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey,
    queryFn: () => shopCall(ep, args),
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
    queryFn: () => callRoute(api.company, { query: { subdomain } }, { public: true }),
    retry: false,
    networkMode: 'offlineFirst',
    staleTime: 60_000,
  });
}

export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: shopKeys.me,
    queryFn: () =>
      signedOutOn401(callRoute(session.customerMe, {}, { token: getCustomerToken() })).then((r) => r.customerUser),
    enabled,
    retry: false,
    networkMode: 'offlineFirst',
  });
}

export function useCart(enabled = true) {
  return useShopGet(shopKeys.cart, api.cart, {}, { enabled });
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
        const cart = await sendCart(body);
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
        return await sendOrder({ ...body, client_id });
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
  return useShopGet(shopKeys.orders, api.orders, { query: { startRow: 0, endRow: 100 } });
}

export function useShopOrder(id: string | undefined) {
  return useQuery({
    queryKey: shopKeys.order(id ?? ''),
    queryFn: () => shopCall(api.order, { params: { id: id ?? '' } }),
    enabled: !!id,
    retry: false,
  });
}

export function useShopInvoices() {
  return useShopGet(shopKeys.invoices, api.invoices, { query: { startRow: 0, endRow: 100 } });
}

export function useShopBalance() {
  return useShopGet(shopKeys.balance, api.balance, {});
}

/** 'Order again': the server adds the order's available lines to the cart (`skipped` names the others). */
export function useOrderAgain() {
  return useShopSave(shopKeys.cart, (orderId: number) => shopCall(api.orderAgain, { params: { id: orderId } }));
}

/** A PDF behind the customer token (an invoice's, the balance's): fetched, then opened from a blob URL. */
export function openShopPdf(pdf: { invoiceId: number } | 'balance') {
  return openInNewTab(async () => {
    const options = { token: getCustomerToken() };
    const res =
      pdf === 'balance'
        ? await fileRoute(api.balancePdf, {}, options)
        : await fileRoute(api.invoicePdf, { params: { id: pdf.invoiceId } }, options);
    const url = URL.createObjectURL(await res.blob());
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return url;
  }, 'this-tab');
}

export function usePreferences() {
  return useShopGet(shopKeys.preferences, api.preferences, {});
}

export function useSavePreferences() {
  return useShopSave(shopKeys.preferences, (body: ShopPreferences) => shopCall(api.savePreferences, { body }));
}

// ---- the shop's sign-in, sign-up and password reset (public) --------------------------------------

export const shopSignIn = (body: EndpointArgs<typeof sessionEndpoints.customerSignIn>['body']) =>
  callRoute(session.customerSignIn, { body }, { public: true });

/** An invited customer user's sign-up (the invitation's token in the body). */
export const shopSignUp = (body: EndpointArgs<typeof sessionEndpoints.customerSignUp>['body']) =>
  callRoute(session.customerSignUp, { body }, { public: true });

/** Ends this token's session on the server. */
export const shopSignOut = (token: string) => callRoute(session.customerSignOut, {}, { token });

export const shopResetRequest = (body: EndpointArgs<typeof shopEndpoints.requestReset>['body']) =>
  callRoute(api.requestReset, { body }, { public: true });

export const shopResetPassword = (body: EndpointArgs<typeof shopEndpoints.resetPassword>['body']) =>
  callRoute(api.resetPassword, { body }, { public: true });
