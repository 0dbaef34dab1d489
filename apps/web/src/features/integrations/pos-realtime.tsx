import { Button } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { queryKeys } from '../../lib/query-keys';
import type { RealtimeHandlers } from '../../lib/realtime';

/** Spec 2: sync error toasts stay 30 s; Clover's 'has not been updated' 10 s. */
export const SYNC_ERROR_TOAST_SECONDS = 30;
export const NOT_UPDATED_TOAST_SECONDS = 10;

interface SyncEvent {
  invoice_id?: number;
  sync_id?: string;
  message?: string;
  details?: string;
  products?: string[];
}

const asEvent = (p: unknown): SyncEvent => (p && typeof p === 'object' ? (p as SyncEvent) : {});

/**
 * The Bottle POS / Clover socket events (app/realtime.tsx subscribes them with the others): a failed
 * sync pops a toast with the partner's message and a link to its log; a finished one refreshes the
 * sync pages.
 */
export function posRealtimeHandlers(ctx: {
  notification: NotificationInstance;
  navigate: (to: string) => void;
  invalidate: (key: readonly unknown[]) => void;
}): RealtimeHandlers {
  const failed = (title: string, base: string) => (payload: unknown) => {
    ctx.invalidate(queryKeys.integrations.all);
    const e = asEvent(payload);
    const key = `sync-failed-${e.sync_id ?? Date.now()}`;
    ctx.notification.error({
      key,
      title,
      description: e.details ?? e.message,
      duration: SYNC_ERROR_TOAST_SECONDS,
      actions: e.sync_id ? (
        <Button
          size="small"
          onClick={() => {
            ctx.notification.destroy(key);
            ctx.navigate(`${base}/${e.sync_id}`);
          }}
        >
          View sync log
        </Button>
      ) : undefined,
    });
  };
  const cloverFailed = failed('Clover Sync Failed', '/clover');
  return {
    'bottle-pos:invoice-sync-error': failed('Bottle POS Sync Failed', '/bottle-pos'),
    'bottle-pos:invoice-sync-completed': () => ctx.invalidate(queryKeys.integrations.all),
    'clover:invoice-sync-completed': () => ctx.invalidate(queryKeys.integrations.all),
    'clover:inventory-push-error': (payload) => {
      const e = asEvent(payload);
      if (!e.products?.length) return cloverFailed(payload);
      ctx.invalidate(queryKeys.integrations.all);
      for (const name of e.products) {
        ctx.notification.warning({
          key: `clover-not-updated-${name}`,
          title: `${name} has not been updated`,
          description: 'Clover did not accept the stock change for this product.',
          duration: NOT_UPDATED_TOAST_SECONDS,
        });
      }
    },
  };
}
