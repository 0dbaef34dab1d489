import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { posRealtimeHandlers } from '../features/integrations/pos-realtime';
import { getToken, http } from '../lib/api';
import { queryKeys } from '../lib/query-keys';
import { subscribeRealtime } from '../lib/realtime';
import { useSession } from './session';

/** 'New order arrived' / 'You got a new order #N' stays 30 s (spec 2 section 9). */
export const NEW_ORDER_TOAST_SECONDS = 30;

/**
 * The staff side of the live events: a new order pops a toast (when the user's app notifications
 * are on) and refreshes the badge, the title count and the order screens; company and feature
 * changes reload the session.
 */
export function useStaffRealtime() {
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
  // the handlers read the latest values without reconnecting the socket
  const live = useRef({ appNotification: true, navigate, refresh });
  live.current = { appNotification: prefs.data?.app_notification ?? true, navigate, refresh };

  useEffect(() => {
    const token = getToken();
    if (status !== 'signedIn' || !token) return;
    const refreshOrders = () => void qc.invalidateQueries({ queryKey: queryKeys.orders.all });
    let stop: (() => void) | undefined;
    let cancelled = false;
    // the order schemas load with the socket, not with the sign-in screen
    void import('@dbo/domain/order').then(({ ORDER_EVENTS, ORDER_MSG, orderPlacedEvent }) => {
      if (cancelled) return;
      const orderNumberOf = (payload: unknown) => {
        const parsed = orderPlacedEvent.safeParse(payload);
        return parsed.success ? parsed.data.order_number : undefined;
      };
      stop = subscribeRealtime(token, {
        [ORDER_EVENTS.placed]: (payload) => {
          refreshOrders();
          if (!live.current.appNotification) return;
          const n = orderNumberOf(payload);
          const key = `order-placed-${n ?? Date.now()}`;
          notification.info({
            key,
            title: ORDER_MSG.newOrderTitle,
            description: n ? ORDER_MSG.newOrderText(n) : undefined,
            duration: NEW_ORDER_TOAST_SECONDS,
            actions: n ? (
              <Button
                type="primary"
                size="small"
                onClick={() => {
                  notification.destroy(key);
                  live.current.navigate(`/order/${n}`);
                }}
              >
                View order
              </Button>
            ) : undefined,
          });
        },
        [ORDER_EVENTS.invoiced]: refreshOrders,
        [ORDER_EVENTS.status]: refreshOrders,
        'order:feature': () => {
          void live.current.refresh();
          refreshOrders();
        },
        'company:update': () => void live.current.refresh(),
        'product:cache-update': () => void qc.invalidateQueries({ queryKey: ['product'] }),
        ...posRealtimeHandlers({
          notification,
          navigate: (to) => live.current.navigate(to),
          invalidate: (queryKey) => void qc.invalidateQueries({ queryKey }),
        }),
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [status, qc, notification]);
  return ordering;
}
