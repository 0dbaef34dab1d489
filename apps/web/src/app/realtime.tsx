import type { OrderPlacedEvent } from '@dbo/domain/order';
import { ORDER_MSG } from '@dbo/domain/order-messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { http } from '../lib/api';
import type { LiveEventsListener } from '../lib/extensions';
import { useLiveEvent } from '../lib/live-events';
import { useLiveRefresh } from '../lib/live-refresh';
import { changedBy, invalidate, queryKeys } from '../lib/query-keys';
import { useSession } from '../lib/session';

/** The features' own socket events (features/<x>/live-events.tsx), mounted with the shell's. */
const featureListeners = Object.values(
  import.meta.glob<{ liveEvents?: LiveEventsListener[] }>('../features/*/live-events.tsx', { eager: true }),
).flatMap((m) => m.liveEvents ?? []);

/** 'New order arrived' / 'You got a new order #N' stays 30 s (spec 2 section 9). */
export const NEW_ORDER_TOAST_SECONDS = 30;

/**
 * The staff side of the live events (rendered inside the shell's LiveEventsProvider): other users'
 * changes refresh the screens showing them (useLiveRefresh); a new order pops a toast (when the
 * user's app notifications are on) and refreshes the badge, the title count and the order screens;
 * company and feature changes reload the session. The features' own events are theirs
 * (features/<x>/live-events.tsx: the Bottle POS / Clover syncs').
 */
export function StaffLiveEvents() {
  const { status, feature, refresh } = useSession();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const ordering = status === 'signedIn' && feature('order');
  const prefs = useQuery({
    queryKey: queryKeys.notification,
    queryFn: () =>
      http
        .get<{ notification: { email_notification: boolean; app_notification: boolean } }>('/company/notification')
        .then((r) => r.notification),
    enabled: ordering,
  });
  const appNotification = useRef(true);
  appNotification.current = prefs.data?.app_notification ?? true;
  const refreshOrders = () => void qc.invalidateQueries({ queryKey: queryKeys.orders.all });

  useLiveRefresh();
  useLiveEvent('order:placed', (order: OrderPlacedEvent) => {
    refreshOrders();
    if (!appNotification.current) return;
    const n = order.order_number;
    const key = `order-placed-${n}`;
    notification.info({
      key,
      title: ORDER_MSG.newOrderTitle,
      description: ORDER_MSG.newOrderText(n),
      duration: NEW_ORDER_TOAST_SECONDS,
      actions: (
        <Button
          type="primary"
          size="small"
          onClick={() => {
            notification.destroy(key);
            navigate(`/order/${n}`);
          }}
        >
          View order
        </Button>
      ),
    });
  });
  useLiveEvent('order:invoiced', refreshOrders);
  useLiveEvent('order:status', refreshOrders);
  useLiveEvent('order:feature', () => {
    void refresh();
    refreshOrders();
  });
  useLiveEvent('company:update', (change) => {
    void refresh();
    if (change.priceTier !== undefined) void invalidate(qc, changedBy.priceTier);
  });
  return (
    <>
      {featureListeners.map(({ key, Component }) => (
        <Component key={key} />
      ))}
    </>
  );
}
