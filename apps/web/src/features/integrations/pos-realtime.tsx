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

/**
 * The Bottle POS / Clover socket events (app/realtime.tsx mounts this with the others): a failed
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
