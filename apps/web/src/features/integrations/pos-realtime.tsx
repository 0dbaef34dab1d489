import type { LiveEventPayload } from '@dbo/domain/live-events';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useLiveEvent } from '../../lib/live-events';
import { queryKeys } from '../../lib/query-keys';

/** Spec 2: sync error toasts stay 30 s; Clover's 'has not been updated' 10 s. */
export const SYNC_ERROR_TOAST_SECONDS = 30;
export const NOT_UPDATED_TOAST_SECONDS = 10;

type SyncEvent = LiveEventPayload<'bottle-pos:invoice-sync-error'>;
type ProductSyncEvent = LiveEventPayload<'bottle-pos:product-sync-completed'>;

/** One toast per product sync: the button's answer and the event of the same sync share its key. */
export function productSyncToast(
  notification: NotificationInstance,
  title: string,
  e: { sync_id: string; message?: string; summary?: { conflicts: number; failed: number } | null },
) {
  const warn = !!e.summary && (e.summary.conflicts > 0 || e.summary.failed > 0);
  notification[warn ? 'warning' : 'success']({
    key: `product-sync-${e.sync_id}`,
    title,
    description: warn ? `${e.message} (see the sync log)` : e.message,
    duration: warn ? SYNC_ERROR_TOAST_SECONDS : 6,
  });
}

/**
 * The Bottle POS / Clover socket events (live-events.tsx: app/realtime.tsx mounts it with the others): a failed
 * sync pops a toast with the partner's message and a link to its log; a finished one refreshes the
 * sync pages.
 */
export function usePosLiveEvents(notification: NotificationInstance, navigate: (to: string) => void) {
  const qc = useQueryClient();
  const refreshSyncPages = () => void qc.invalidateQueries({ queryKey: queryKeys.integrations.all });
  const failed = (title: string, base: string) => (e: SyncEvent) => {
    refreshSyncPages();
    const key = `sync-failed-${e.sync_id ?? Date.now()}`;
    notification.error({
      key,
      title,
      description: e.details ?? e.message,
      duration: SYNC_ERROR_TOAST_SECONDS,
      actions: e.sync_id ? (
        <Button
          size="small"
          onClick={() => {
            notification.destroy(key);
            navigate(`${base}/${e.sync_id}`);
          }}
        >
          View sync log
        </Button>
      ) : undefined,
    });
  };
  const cloverFailed = failed('Clover Sync Failed', '/clover');
  useLiveEvent('bottle-pos:invoice-sync-error', failed('Bottle POS Sync Failed', '/bottle-pos'));
  useLiveEvent('bottle-pos:invoice-sync-completed', refreshSyncPages);
  useLiveEvent('clover:invoice-sync-completed', refreshSyncPages);
  const productsSynced = (title: string) => (e: ProductSyncEvent) => {
    refreshSyncPages();
    void qc.invalidateQueries({ queryKey: queryKeys.products.all });
    productSyncToast(notification, title, e);
  };
  useLiveEvent('bottle-pos:product-sync-completed', productsSynced('Bottle POS products synced'));
  useLiveEvent('clover:product-sync-completed', productsSynced('Clover products synced'));
  useLiveEvent('clover:inventory-push-error', (e) => {
    if (!e.products?.length) return cloverFailed(e);
    refreshSyncPages();
    for (const name of e.products) {
      notification.warning({
        key: `clover-not-updated-${name}`,
        title: `${name} has not been updated`,
        description: 'Clover did not accept the stock change for this product.',
        duration: NOT_UPDATED_TOAST_SECONDS,
      });
    }
  });
}
