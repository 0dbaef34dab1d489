/**
 * The online orders' limits and messages, apart from their schemas (order.ts) so that a screen
 * reading a message loads no zod (issue 37: the staff shell's new-order toast).
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from './constants.js';

/** The most one order line may ask for (the customer app's quantity box). */
export const MAX_ORDER_QTY = 9999;
/** Lines one order or cart may hold. */
export const MAX_ORDER_LINES = 200;

export const ORDER_MSG = {
  notAvailable: 'Online ordering is not available',
  notFound: 'Order not found',
  empty: 'Your order is empty: add at least one product',
  qty: `Quantity must be a whole number from 1 to ${MAX_ORDER_QTY}`,
  tooManyLines: `An order may have at most ${MAX_ORDER_LINES} products`,
  duplicateProduct: 'Each product may appear only once in an order',
  productUnavailable: (name: string) => `${name} is no longer available`,
  productUnknown: (id: number) => `Product ${id} is not available`,
  nothingToUpdate: 'There is nothing to update',
  statusInvalid: 'Status must be one of the order statuses',
  transition: (from: OrderStatus, to: OrderStatus) =>
    `An order that is ${ORDER_STATUS_LABELS[from]} cannot be changed to ${ORDER_STATUS_LABELS[to]}`,
  notInvoiceable: (n: number | null, status: OrderStatus) =>
    `Order #${n ?? ''} is ${ORDER_STATUS_LABELS[status]} and can no longer be invoiced`,
  alreadyInvoiced: (product: string) => `${product} of this order was already invoiced`,
  /** backorders off: a line asking for more than the stock */
  notEnoughStock: (product: string, available: number) =>
    available > 0 ? `${product}: only ${available} in stock` : `${product} is out of stock`,
  clientId: 'client_id must be 1 to 64 letters, digits, dashes or underscores',
  // toasts of spec 2 section 8 (shown by the web)
  rejectFailed: 'Error occurred while rejecting order.',
  updateFailed: 'Error occurred while updating order.',
  invoiceFailed: 'Error Creating Invoice From Order',
  newOrderTitle: 'New order arrived',
  newOrderText: (n: number) => `You got a new order #${n}`,
  noInvoice: 'No invoice has created from this order',
  empty_grid: 'No Order history found.',
  deletedCustomer: 'Deleted Customer',
  deletedProduct: 'DELETED PRODUCT',
  addedItem: 'Item was not ordered. It was added when order was invoiced.',
} as const;
