/**
 * The customer ordering app's API (/customer-app/*): requests bounded with primitives.ts and the
 * answers the server encodes through. Order shapes are shared with the staff side (order.ts).
 */
import { z } from 'zod';
import { emailField, MSG as AUTH_MSG, newPassword } from './auth.js';
import { MAX_GRID_ROWS, PRODUCT_TYPES } from './constants.js';
import { MAX_ORDER_QTY, ORDER_MSG, orderLines, orderRowOut } from './order.js';
import { balanceInvoiceOut, customerInvoiceShape } from './customer.js';
import { gridResultOut } from './grid.js';
export { BEING_PREPARED, STOCK_STATUS_LABELS, STOCK_STATUSES, type StockStatus } from './customer-app-labels.js';
import { STOCK_STATUSES, type StockStatus } from './customer-app-labels.js';
import { boundedInt, boundedText, dbId, LIMITS, moneyOut, noteText, productLabelShape } from './primitives.js';

export { MAX_ORDER_QTY };

export const CUSTOMER_APP_MSG = {
  notAvailable: ORDER_MSG.notAvailable,
  companyNotFound: 'No distributor at this address',
  subdomain: 'Subdomain must be 1 to 63 letters, digits or dashes',
  resetSent: 'If this email belongs to an account, a reset link is on its way',
  resetTokenInvalid: AUTH_MSG.resetTokenInvalid,
  passwordsDontMatch: AUTH_MSG.passwordsDontMatch,
  strongPassword: AUTH_MSG.strongPassword,
} as const;

/**
 * Invoices a customer never sees nor is linked to: drafts (the order is still being prepared) and
 * cancelled ones.
 */
export const HIDDEN_INVOICE_STATUSES = ['draft', 'cancelled'] as const;
/** 'Low' when the stock is at or under the reorder level (or under 1 when none is set). */
export function stockStatus(qty: number, reorderLevel: number | null | undefined): StockStatus {
  if (qty <= 0) return 'out_of_stock';
  if (qty <= (reorderLevel ?? 0)) return 'low';
  return 'in_stock';
}

const subdomainField = boundedText('Subdomain', 63)
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, CUSTOMER_APP_MSG.subdomain);

const pageParams = {
  startRow: boundedInt('startRow', 0, 1_000_000).default(0),
  endRow: boundedInt('endRow', 1, 1_000_000 + MAX_GRID_ROWS).optional(),
};

// ---------------------------------------------------------------- requests

/** GET /shop/{subdomain}/manifest.webmanifest (the shop's web app manifest, not part of the API document) */
export const shopManifestParams = z.object({ subdomain: subdomainField });

/** GET /customer-app/company?subdomain= (public; without it the Host header names the company). */
export const companyQuery = z.object({ subdomain: subdomainField.optional() });

/** GET /customer-app/catalog?query&product_type&startRow&endRow */
export const catalogQuery = z.object({
  query: boundedText('Search', 100).trim().optional(),
  product_type: z.enum(PRODUCT_TYPES, { error: 'Unknown product type' }).optional(),
  ...pageParams,
});
export type CatalogQuery = z.infer<typeof catalogQuery>;

/** PUT /customer-app/cart {items, note}: replaces the cart (an empty list empties it). */
export const cartRequest = z.object({
  items: orderLines,
  note: noteText('Note').trim().nullish(),
});
export type CartRequest = z.infer<typeof cartRequest>;

/**
 * POST /customer-app/order: {items, note} places those lines; no body (or no items) places the
 * cart, with the cart's note unless one is given.
 */
export const placeOrderRequest = z
  .object({
    items: orderLines.refine((l) => l.length > 0, ORDER_MSG.empty).optional(),
    note: noteText('Note').trim().nullish(),
    /** the shop's id for this order (queued offline): the same id twice answers the one order */
    client_id: z
      .string({ error: ORDER_MSG.clientId })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, ORDER_MSG.clientId)
      .optional(),
  })
  .optional();
export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>;

/** GET /customer-app/invitation?token=: which shop an invitation link belongs to (the old /signup forwards there). */
export const invitationQuery = z.object({ token: boundedText('Token', 200).min(1, 'Token is required') });
export const invitationShopOut = z.object({ subdomain: z.string(), company: z.string(), shop_url: z.string() });

/** GET /customer-app/order and /customer-app/invoice paging. */
export const customerListQuery = z.object({ ...pageParams });
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const customerIdParams = z.object({ id: dbId('Id') });

/** PUT /customer-app/preferences */
export const preferencesRequest = z.object({
  app_notification: z.boolean(),
  email_notification: z.boolean(),
  sms_notification: z.boolean(),
});
export type PreferencesRequest = z.infer<typeof preferencesRequest>;

/** POST /customer-app/reset-request (public): answers the same whether the email exists or not. */
export const resetRequest = z.object({
  email: emailField(AUTH_MSG.resetEmail).pipe(z.string().max(LIMITS.shortText)),
  subdomain: subdomainField.optional(),
});

/** PUT /customer-app/password (public): the e-mailed token and the new password twice. */
export const resetPasswordRequest = z
  .object({
    token: boundedText('Token', 200).min(1, CUSTOMER_APP_MSG.resetTokenInvalid),
    password: newPassword(CUSTOMER_APP_MSG.strongPassword),
    confirm_password: boundedText('Confirm password', 200),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: CUSTOMER_APP_MSG.passwordsDontMatch,
  });

// ---------------------------------------------------------------- answers

/** GET /customer-app/company */
export const customerAppCompanyOut = z.object({
  id: z.number(),
  name: z.string(),
  subdomain: z.string(),
  /** URL path of the default logo, or null */
  logo: z.string().nullable(),
  show_prices: z.boolean(),
  /** false: 'Online ordering is not available' */
  ordering: z.boolean(),
  inventory: z.boolean(),
  /** the rate orders are invoiced at (orderTotals), for the cart's tax line */
  tax_rate: z.number(),
  /** false: a line beyond the stock is refused (max_qty) */
  allow_backorders: z.boolean(),
  /** where the customer comes back: the shop's address */
  shop_url: z.string(),
});
export type CustomerAppCompanyOut = z.infer<typeof customerAppCompanyOut>;

export const catalogRowOut = z.object({
  ...productLabelShape,
  /** the price this customer pays; null when the company hides prices */
  price: moneyOut.nullable(),
  /** null when the inventory feature is off */
  stock_status: z.enum(STOCK_STATUSES).nullable(),
  /** the most this customer may order (backorders off); null: no limit */
  max_qty: z.number().nullable(),
});
export type CatalogRowOut = z.infer<typeof catalogRowOut>;

export const catalogOut = z.object({ rows: z.array(catalogRowOut), count: z.number(), show_prices: z.boolean() });
export type CatalogOut = z.infer<typeof catalogOut>;

export const cartItemOut = z.object({
  product_id: z.number(),
  qty: z.number(),
  product: z.object(productLabelShape),
  price: moneyOut.nullable(),
  total: moneyOut.nullable(),
  stock_status: z.enum(STOCK_STATUSES).nullable(),
  /** the most this customer may order (backorders off); null: no limit */
  max_qty: z.number().nullable(),
});

/** GET/PUT /customer-app/cart and POST /customer-app/order/{id}/again */
export const cartOut = z.object({
  items: z.array(cartItemOut),
  note: z.string(),
  /** orderTotals of the lines (the invoice's rule, every line taxable at tax_rate); null when the company hides prices */
  sub_total: moneyOut.nullable(),
  tax_total: moneyOut.nullable(),
  total: moneyOut.nullable(),
  tax_rate: z.number(),
  show_prices: z.boolean(),
  /** products of a copied order that could not be added (archived or deleted) */
  skipped: z.array(z.string()),
});
export type CartOut = z.infer<typeof cartOut>;

export const customerOrdersOut = gridResultOut(orderRowOut);

export const customerInvoiceRowOut = z.object({
  ...customerInvoiceShape,
  status: z.string(),
  /** GET this (with the bearer token) for the PDF */
  pdf_path: z.string(),
});
export const customerInvoicesOut = gridResultOut(customerInvoiceRowOut);

export const customerBalanceOut = z.object({
  summary: z.object({ owing: moneyOut }),
  invoices: z.array(balanceInvoiceOut),
  customer: z.object({ id: z.number(), name: z.string() }),
  /** GET this (with the bearer token) for the balance PDF */
  pdf_path: z.string(),
});
export type CustomerBalanceOut = z.infer<typeof customerBalanceOut>;

export const preferencesOut = preferencesRequest;
export const successOut = z.object({ success: z.boolean(), message: z.string().optional() });
