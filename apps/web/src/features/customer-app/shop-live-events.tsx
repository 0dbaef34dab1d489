import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useLiveEvent } from '../../lib/live-events';
import { shopKeys } from './shop-api';

/**
 * The shop's live events (inside its LiveEventsProvider, with the customer user's token): the
 * office changed one of my orders, ordering was switched, the catalogue changed, my access was
 * withdrawn (signs me out).
 */
export function ShopLiveEvents({ subdomain, signOut }: { subdomain: string; signOut: () => void }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const refreshOrders = () => void qc.invalidateQueries({ queryKey: shopKeys.orders });
  useLiveEvent('order:status', refreshOrders);
  useLiveEvent('order:invoiced', () => {
    refreshOrders();
    void qc.invalidateQueries({ queryKey: shopKeys.invoices });
    void qc.invalidateQueries({ queryKey: shopKeys.balance });
  });
  useLiveEvent('user:access', (access) => {
    if (!access.revoked && access.is_enable) return;
    message.warning('Your distributor has turned off your access.');
    signOut();
  });
  useLiveEvent('order:feature', () => void qc.invalidateQueries({ queryKey: shopKeys.company(subdomain) }));
  useLiveEvent('product:cache-update', () => void qc.invalidateQueries({ queryKey: ['shop', 'catalog'] }));
  return null;
}
