import { useQueryClient } from '@tanstack/react-query';
import { LiveEventsProvider, useLiveConnected, useLiveEvent } from '../../lib/live-events';
import { shopKeys } from './shop-api';
import { useToast } from './shop-ui';

/**
 * The shop's live events (inside its LiveEventsProvider, with the customer user's token): the
 * office changed one of my orders, ordering was switched, the catalogue changed, my access was
 * withdrawn (signs me out).
 */
export function ShopLiveEvents({ subdomain, signOut }: { subdomain: string; signOut: () => void }) {
  const qc = useQueryClient();
  const message = useToast();
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
  const refreshCompany = () => void qc.invalidateQueries({ queryKey: shopKeys.company(subdomain) });
  const refreshCatalog = () => void qc.invalidateQueries({ queryKey: ['shop', 'catalog'] });
  useLiveEvent('order:feature', refreshCompany);
  useLiveEvent('product:cache-update', refreshCatalog);
  // what changed while the socket was not listening (before it first connected, while the phone had
  // no signal) came as no event: what is on screen is read again, the rest when next opened
  useLiveConnected(() => {
    refreshCompany();
    refreshCatalog();
    refreshOrders();
    void qc.invalidateQueries({ queryKey: shopKeys.invoices });
    void qc.invalidateQueries({ queryKey: shopKeys.balance });
  });
  return null;
}

/**
 * The socket and its listeners, signed in only: a module of its own (lazy in shop-app.tsx), as
 * the events' payload schemas (zod) are not needed for the shop's first screen (issue 34).
 */
export default function ShopLive({
  token,
  subdomain,
  signOut,
}: {
  token: string;
  subdomain: string;
  signOut: () => void;
}) {
  return (
    <LiveEventsProvider token={token}>
      <ShopLiveEvents subdomain={subdomain} signOut={signOut} />
    </LiveEventsProvider>
  );
}
