export const APP_NAME = 'Distributor Back-office';
/** The web app's version; the version gate sends older stored versions through /cache/clear. */
export const APP_VERSION = '3.98.0';
export const REQUIRED_APP_VERSION = '3.98';

export const INVOICE_STATUSES = [
  'draft',
  'invoiced',
  'delivered',
  'payment_due_soon',
  'payment_due',
  'paid',
  'partially_paid',
  'cancelled',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  invoiced: 'Invoiced',
  delivered: 'Delivered',
  payment_due_soon: 'Payment Due Soon',
  payment_due: 'Payment Due',
  paid: 'Paid',
  partially_paid: 'Partially Paid',
  cancelled: 'Cancelled',
};

export const ORDER_STATUSES = [
  'draft',
  'cancelled',
  'placed',
  'rejected',
  'invoiced',
  'delivered',
  'partially_invoiced',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Draft',
  cancelled: 'Cancelled',
  placed: 'Placed',
  rejected: 'Rejected',
  invoiced: 'Invoiced',
  delivered: 'Delivered',
  partially_invoiced: 'Partially Invoiced',
};

export const STAMP_STATUSES = ['AVAILABLE', 'INVOICED', 'DESTROYED'] as const;
export type StampStatus = (typeof STAMP_STATUSES)[number];

export const PRODUCT_TYPES = ['LIQUOR', 'WINE', 'BEER', 'N/A'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const PRODUCT_TYPE_CODES: Record<ProductType, string> = { LIQUOR: 'DS', WINE: 'W', BEER: 'B', 'N/A': 'N' };
/** What people read: a product type's name on screens and in exports (the codes stay for TABC). */
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  LIQUOR: 'Liquor',
  WINE: 'Wine',
  BEER: 'Beer',
  'N/A': 'Other',
};
/** The name of a stored product type; an unknown value is shown as it is. */
export const productTypeLabel = (type: string | null | undefined): string =>
  type ? (PRODUCT_TYPE_LABELS[type as ProductType] ?? type) : '';

export const ROLES = ['owner', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const PAGE_SIZES = [10, 25, 50, 100, 200, 400] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_GRID_ROWS = 400;

export const DEFAULTS = {
  taxRate: 8.25,
  stampThreshold: 500,
  startingInvoiceNumber: 1,
  state: 'TX',
  duplicateInvoiceWindowHours: 24,
  resetLinkHours: 23,
  sessionHours: 23,
  logoutDelayMs: 2000,
  quickSearchDebounceMs: 300,
  quickSearchMinChars: 3,
  permitWarningDays: 30,
} as const;

export const DATE_LIMITS = {
  invoiceDateDaysAhead: 10,
  dueDateDaysAhead: 30,
  paymentDaysAhead: 3,
  stampRollDaysAhead: 3,
} as const;

export const ACTIVITY_MODULES = [
  'AUTH',
  'COMPANY',
  'CUSTOMER',
  'PRODUCT',
  'STAMP',
  'INVOICE',
  'PAYMENT',
  'ORDER',
  'INVENTORY',
  'BOTTLE_POS',
  'MPOWER',
  'CLOVER',
  'TEAM',
  'OPERATOR',
] as const;
export type ActivityModule = (typeof ACTIVITY_MODULES)[number];
export const ACTIVITY_TYPES = [
  'SIGN_IN',
  'UPDATE',
  'CREATE',
  'DELETE',
  'ADD_PRIVATE_NOTE',
  'DELETE_PRIVATE_NOTE',
  'INVOICE_SYNC',
  'PRODUCT_SYNC',
  'FEATURE_ON',
  'FEATURE_OFF',
  'ENABLE',
  'DISABLE',
  'INVITE',
  'ROLE_CHANGE',
  'FEATURE_GRANT',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** A product search starts at this many characters (fewer lists everything). */
export const PRODUCT_SEARCH_MIN_CHARS = 3;
