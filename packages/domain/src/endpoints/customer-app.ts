/**
 * The customer ordering app's endpoints (issue 12): the shop's own API, read with the customer
 * user's token. The shop's chunk imports this file alone, so it names only the shop's schemas
 * (customer-app.ts, order.ts), never the staff modules' (invoice.ts and what it loads).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  cartOut,
  cartRequest,
  catalogOut,
  catalogQuery,
  companyQuery,
  customerAppCompanyOut,
  customerBalanceOut,
  customerIdParams,
  customerInvoicesOut,
  customerListQuery,
  customerOrdersOut,
  invitationQuery,
  invitationShopOut,
  placeOrderRequest,
  preferencesOut,
  preferencesRequest,
  resetPasswordRequest,
  resetRequest,
  successOut,
} from '../customer-app.js';
import { orderDetailOut, orderOut } from '../order.js';

/** A PDF sent as bytes: the same schema as invoice.ts's `pdfOut`, declared here to keep invoice.ts out of the shop. */
const pdfOut = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array, { error: 'PDF (application/pdf) must be bytes' })
  .describe('PDF (application/pdf)');

/** the shop of a subdomain (?subdomain=, else the request's Host) */
export const company = endpoint({
  method: 'GET',
  path: '/customer-app/company',
  query: companyQuery,
  response: customerAppCompanyOut,
});

/** the old /signup?token= link forwards to its shop's sign-up: the token names the company */
export const invitation = endpoint({
  method: 'GET',
  path: '/customer-app/invitation',
  query: invitationQuery,
  response: invitationShopOut,
});

export const requestReset = endpoint({
  method: 'POST',
  path: '/customer-app/reset-request',
  body: resetRequest,
  response: successOut,
});

export const resetPassword = endpoint({
  method: 'PUT',
  path: '/customer-app/password',
  body: resetPasswordRequest,
  response: successOut,
});

export const catalog = endpoint({
  method: 'GET',
  path: '/customer-app/catalog',
  query: catalogQuery,
  response: catalogOut,
});

export const cart = endpoint({ method: 'GET', path: '/customer-app/cart', response: cartOut });

export const saveCart = endpoint({ method: 'PUT', path: '/customer-app/cart', body: cartRequest, response: cartOut });

/** the same client_id again answers the order it made */
export const placeOrder = endpoint({
  method: 'POST',
  path: '/customer-app/order',
  body: placeOrderRequest,
  response: orderOut,
});

/** 'Order again': the order's available lines into the cart */
export const orderAgain = endpoint({
  method: 'POST',
  path: '/customer-app/order/:id/again',
  params: customerIdParams,
  response: cartOut,
});

export const orders = endpoint({
  method: 'GET',
  path: '/customer-app/order',
  query: customerListQuery,
  response: customerOrdersOut,
});

export const order = endpoint({
  method: 'GET',
  path: '/customer-app/order/:id',
  params: customerIdParams,
  response: orderDetailOut,
});

export const invoices = endpoint({
  method: 'GET',
  path: '/customer-app/invoice',
  query: customerListQuery,
  response: customerInvoicesOut,
});

export const invoicePdf = endpoint({
  method: 'GET',
  path: '/customer-app/invoice/:id/pdf',
  params: customerIdParams,
  response: pdfOut,
});

export const balance = endpoint({ method: 'GET', path: '/customer-app/balance', response: customerBalanceOut });

export const balancePdf = endpoint({ method: 'GET', path: '/customer-app/balance/pdf', response: pdfOut });

/** reachable while ordering is off (a user may still want fewer messages) */
export const preferences = endpoint({ method: 'GET', path: '/customer-app/preferences', response: preferencesOut });

export const savePreferences = endpoint({
  method: 'PUT',
  path: '/customer-app/preferences',
  body: preferencesRequest,
  response: preferencesOut,
});
