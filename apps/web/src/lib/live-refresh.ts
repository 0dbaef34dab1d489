import type { QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveConnected, useLiveEvent } from './live-events';
import { changedBy, invalidate, queryKeys } from './query-keys';

/**
 * What another user's change makes stale on this user's screens: each data event of the typed map
 * invalidates the query groups it concerns, so every open detail screen refetches and every grid
 * watching the group (`ServerGrid`'s `liveKey`) reloads its rows. The same groups as this user's
 * own writes (`changedBy`). Mounted once, in the signed-in shell (app/realtime.tsx).
 */
export function useLiveRefresh() {
  const qc = useQueryClient();
  const refresh = (keys: readonly QueryKey[]) => () => void invalidate(qc, keys);
  // a change saved before the socket listened (the screen loaded first) or while it was down sent
  // its event to nobody: what was loaded before this connection is fetched again (the open builder
  // then sees a newer version and says 'Changed by … — reload?')
  useLiveConnected(() => {
    const connected = Date.now();
    void qc.invalidateQueries({
      predicate: (q) => q.state.dataUpdatedAt > 0 && q.state.dataUpdatedAt < connected,
    });
  });
  useLiveEvent('invoice:created', refresh(changedBy.invoice));
  useLiveEvent('invoice:updated', refresh(changedBy.invoice));
  useLiveEvent('invoice:deleted', refresh(changedBy.invoice));
  useLiveEvent('invoice:payment', refresh(changedBy.payment));
  // a destroy with a replacement moves stamps on an invoice
  useLiveEvent('stamp:update', refresh([...changedBy.stamps, queryKeys.invoices.all]));
  useLiveEvent('inventory:update', refresh(changedBy.inventory));
  useLiveEvent('customer:update', refresh(changedBy.customer));
  useLiveEvent('product:cache-update', refresh(changedBy.product));
  useLiveEvent('import:update', refresh(changedBy.import));
  // a stop completed at the door delivers the invoice, may take a COD payment or credit short lines
  // (the office's delivery screen is in changedBy.invoice: its routes' progress moves live)
  useLiveEvent('delivery:changed', refresh([...changedBy.invoice, ...changedBy.payment]));
  // a customer user invited, enabled, disabled or revoked (the customers' users screens)
  useLiveEvent('user:access', refresh([queryKeys.customers.all]));
}
