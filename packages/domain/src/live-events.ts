/**
 * The ONE map of real-time (socket.io) events: name -> payload schema. The server emits only these
 * names with these payloads (`app.deps.emit` is typed against this map), after the change committed,
 * to the company's room (staff) or to one customer user's room (`CUSTOMER_EVENTS`); the web listens
 * with `useLiveEvent(name, handler)` (apps/web/src/lib/live-events.tsx), which hands the handler the
 * parsed payload. Every name here has a listener on the web (apps/web/src/lib/live-events.test.ts
 * checks it), so a screen showing what changed refreshes without a reload.
 *
 * The names the spec lists (user:access, order:*, company:update, product:cache-update,
 * order:feature, bottle-pos:*, clover:*) keep their spelling.
 */
import { z } from 'zod';
import { IMPORT_KINDS } from './import.js';
import { orderPlacedEvent, orderStatusEvent } from './order.js';
import { syncSummaryOut } from './pos-sync.js';

/** invoice:created / invoice:updated / invoice:deleted */
export const invoiceEvent = z.object({ id: z.number(), number: z.number(), beer: z.boolean() });

/** a payment, credit memo or credit applied changed what the invoice has been paid */
export const invoicePaymentEvent = z.object({ id: z.number() });

/** a partner's product pull ended (Sync Products or the nightly pull): its summary, the toast's words */
const productSyncEvent = z.object({ sync_id: z.string(), summary: syncSummaryOut, message: z.string() });

const syncEvent = z.object({
  invoice_id: z.number().optional(),
  sync_id: z.string().optional(),
  message: z.string().optional(),
  details: z.string().optional(),
  /** Clover: the products whose stock it did not take */
  products: z.array(z.string()).optional(),
});

export const LIVE_EVENTS = {
  'invoice:created': invoiceEvent,
  'invoice:updated': invoiceEvent,
  'invoice:deleted': invoiceEvent,
  'invoice:payment': invoicePaymentEvent,
  /** a roll registered, edited, activated or stamps destroyed / restored (roll_id when one roll) */
  'stamp:update': z.object({ roll_id: z.number().optional() }),
  /** stock or reorder levels of these inventory rows changed (restock, edit) */
  'inventory:update': z.object({ ids: z.array(z.number()) }),
  /** a customer created, edited or deleted */
  'customer:update': z.object({ id: z.number(), deleted: z.boolean().optional() }),
  /** a product created, edited or deleted (id), or many at once (a partner's product sync: no id) */
  'product:cache-update': z.object({ id: z.number().optional(), deleted: z.boolean().optional() }),
  /** a data import ended (its rows are in: customers, products or stock) */
  'import:update': z.object({ kind: z.enum(IMPORT_KINDS) }),
  /** company settings (id), a feature switched (feature) or a price tier changed (priceTier) */
  'company:update': z.object({
    id: z.number().optional(),
    feature: z.string().optional(),
    priceTier: z.number().optional(),
  }),
  'order:feature': z.object({ active: z.boolean() }),
  /** a delivery route planned or changed (route_id), or a stop completed at the door (invoice_id) */
  'delivery:changed': z.object({ route_id: z.number().optional(), invoice_id: z.number().optional() }),
  'order:placed': orderPlacedEvent,
  'order:status': orderStatusEvent,
  'order:invoiced': orderStatusEvent,
  /** a customer user's access changed (to staff, and to that customer user: revoked signs them out) */
  'user:access': z.object({ id: z.number(), revoked: z.boolean(), is_enable: z.boolean() }),
  'bottle-pos:invoice-sync-error': syncEvent,
  'bottle-pos:invoice-sync-completed': syncEvent,
  'clover:inventory-push-error': syncEvent,
  'clover:invoice-sync-completed': syncEvent,
  'bottle-pos:product-sync-completed': productSyncEvent,
  'clover:product-sync-completed': productSyncEvent,
} as const;

export type LiveEventName = keyof typeof LIVE_EVENTS;
/** What the server sends with an event. */
export type LiveEventPayload<N extends LiveEventName> = z.infer<(typeof LIVE_EVENTS)[N]>;

/**
 * Company-wide events the company's customer users (the shop) hear too: ordering switched on or
 * off, the catalogue changed.
 */
export const SHOP_EVENTS = ['order:feature', 'product:cache-update'] as const satisfies readonly LiveEventName[];

/** The events a customer user's socket (the shop) also receives, in that user's own room. */
export const CUSTOMER_EVENTS = [
  'order:status',
  'order:invoiced',
  'user:access',
] as const satisfies readonly LiveEventName[];
export type CustomerEventName = (typeof CUSTOMER_EVENTS)[number];

/** The payload parsed against its schema, or undefined when it does not match. */
export function parseLiveEvent<N extends LiveEventName>(name: N, payload: unknown): LiveEventPayload<N> | undefined {
  const r = (LIVE_EVENTS[name] as z.ZodType).safeParse(payload);
  return r.success ? (r.data as LiveEventPayload<N>) : undefined;
}

export const isLiveEventName = (name: string): name is LiveEventName => Object.hasOwn(LIVE_EVENTS, name);
