import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import type { CustomerAuthAnswer } from './customer-session';
import {
  getCustomerToken,
  setCustomerToken,
  setShopUnauthorizedHandler,
  shopKeys,
  shopSignIn,
  shopSignOut,
  useCart,
  useMe,
  useShopCompany,
} from './shop-api';
import { getHostSubdomain } from '../../lib/host-subdomain';
import { useOptionalModule } from '../../lib/optional-module';
import { ShopContext, type ShopContextValue } from './shop-context';
import { OFFLINE_QUEUED } from './shop-offline';
import { forgetShopAnswers, useOfflinePages, useOutbox, useShopInstall } from './shop-pwa';
import { ShellHandoff } from './shop-shell-handoff';
import { Icon, Result, Spinner, ToastProvider, useToast } from './shop-ui';
import './shop.css';

/** Loaded only when nobody is signed in: a signed-in visit does not carry the sign-in form's code. */
const ShopSignInPage = lazy(() => import('./shop-signin-page'));
/**
 * The live events (a socket and zod's payload schemas) come once signed in, after the first screen;
 * the shop works without them (a phone offline before they came loads them when back online).
 */
const loadShopLive = () => import('./shop-live-events');

/** Pages a signed-out visitor may open. */
const PUBLIC_PAGES = ['/reset-password', '/signup'];

export const ORDERING_OFF = 'Online ordering is not available';

/** How long the first screen has to itself before the live events load. */
const SETTLE_MS = 3000;

function ShopNav({ base }: { base: string }) {
  const cart = useCart();
  const units = cart.data?.items.reduce((n, i) => n + i.qty, 0) ?? 0;
  const link = (to: string, label: string, icon: React.ReactNode, end = false) => (
    <NavLink to={`${base}${to}` || '/'} end={end}>
      {icon}
      {label}
    </NavLink>
  );
  return (
    <nav className="shop-nav" aria-label="Shop">
      {link('', 'Products', <Icon name="products" size={20} />, true)}
      {link(
        '/cart',
        'Cart',
        <span className="shop-badge-wrap" data-testid="cart-count">
          <Icon name="cart" size={20} />
          {units > 0 && <span className="shop-badge">{units}</span>}
        </span>,
      )}
      {link('/order', 'Orders', <Icon name="orders" size={20} />)}
      {link('/invoice', 'Invoices', <Icon name="invoices" size={20} />)}
      {link('/account', 'Account', <Icon name="account" size={20} />)}
    </nav>
  );
}

/**
 * The customers' ordering app: /shop/{subdomain} locally, / on {subdomain}.{APP_DOMAIN}. Its own
 * session (the customer user's token, kept apart from the staff token), layout and live events.
 */
export default function ShopApp() {
  return (
    <ToastProvider>
      <Shop />
    </ToastProvider>
  );
}

function Shop() {
  const params = useParams();
  const host = getHostSubdomain();
  const subdomain = (host ?? params.subdomain ?? '').toLowerCase();
  const base = host ? '' : `/shop/${subdomain}`;
  const location = useLocation();
  const qc = useQueryClient();
  const message = useToast();
  const company = useShopCompany(subdomain);
  const [token, setTokenState] = useState(getCustomerToken);
  const me = useMe(!!token && !!company.data?.ordering);
  useShopInstall(subdomain, !!host);
  const ready = !!token && !!me.data;
  useOfflinePages(ready);
  // the socket (and its payload schemas, zod) once the first screen is up and has settled: a few
  // seconds, then the phone's next idle moment (issue 34: evaluated while the catalogue renders,
  // the schemas were the longest task of its first seconds)
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!ready) return setLive(false);
    let idle = 0;
    const t = setTimeout(() => {
      if (typeof requestIdleCallback !== 'function') return setLive(true);
      idle = requestIdleCallback(() => setLive(true), { timeout: 2000 });
    }, SETTLE_MS);
    return () => {
      clearTimeout(t);
      if (idle) cancelIdleCallback(idle);
    };
  }, [ready]);
  const ShopLive = useOptionalModule(live, loadShopLive)?.default;
  const refused = useCallback((m: string) => message.error(m), [message]);
  const waiting = useOutbox(!!token && !!me.data, refused);

  const signOut = useCallback(() => {
    // ends this token's session on the server (a 401 already cleared the token: nothing to end)
    const ended = getCustomerToken();
    if (ended) void shopSignOut(ended).catch(() => undefined);
    forgetShopAnswers();
    setCustomerToken(null);
    setTokenState(null);
    qc.removeQueries({ queryKey: shopKeys.all });
  }, [qc]);

  useEffect(() => setShopUnauthorizedHandler(signOut), [signOut]);

  const accept = useCallback(
    (res: CustomerAuthAnswer) => {
      setCustomerToken(res.access_token);
      qc.setQueryData(shopKeys.me, res.customerUser);
      setTokenState(res.access_token);
    },
    [qc],
  );

  const value = useMemo<ShopContextValue | null>(
    () =>
      company.data
        ? {
            subdomain,
            base,
            company: company.data,
            user: me.data ?? null,
            async signIn(email, password) {
              const res = await shopSignIn({ email, password, subdomain });
              accept(res);
            },
            acceptSession: accept,
            signOut,
          }
        : null,
    [company.data, me.data, subdomain, base, signOut, accept],
  );

  useEffect(() => {
    if (company.data) document.title = `${company.data.name} · Order online`;
  }, [company.data]);

  // signed in, the office's changes reach the phone on any screen (switching ordering back on too),
  // from one socket that stays in place as the screen changes
  const liveUpdates =
    ready && live && ShopLive ? <ShopLive token={token} subdomain={subdomain} signOut={signOut} /> : null;
  const withLive = (screen: ReactNode) => (
    <>
      {liveUpdates}
      {screen}
    </>
  );
  if (company.isLoading || (token && company.data?.ordering && me.isLoading))
    // the name goes on a live region: a plain div (the spinner) may not carry an aria-label
    return withLive(<Spinner />);
  if (company.error || !value)
    return (
      <main className="shop">
        <Result
          status="error"
          title={
            company.error instanceof ApiError && company.error.status === 404
              ? 'This shop does not exist'
              : 'Sorry, something went wrong!'
          }
          subTitle={company.error ? errorMessage(company.error) : undefined}
        />
        <ShellHandoff />
      </main>
    );
  if (!value.company.ordering)
    return withLive(
      <main className="shop">
        <Result status="info" title={ORDERING_OFF} subTitle={value.company.name} />
        <ShellHandoff />
      </main>,
    );

  const rest = location.pathname.slice(base.length) || '/';
  const signedIn = !!token && !!me.data;
  // signed in on the invitation's page (just signed up, or a second click on the link): the catalogue
  if (signedIn && rest.startsWith('/signup')) return <Navigate to={base || '/'} replace />;
  return withLive(
    <ShopContext.Provider value={value}>
      <div className="shop">
        <header className="shop-header">
          <span className="shop-brand">
            {value.company.logo && <img src={value.company.logo} alt="" />}
            {value.company.name}
          </span>
          {signedIn && <span className="shop-header-user">{me.data?.customer?.name}</span>}
        </header>
        {waiting > 0 && (
          <div className="shop-offline" role="status" data-testid="shop-outbox">
            {waiting === 1 ? '1 order' : `${waiting} orders`} saved on this phone. {OFFLINE_QUEUED}.
          </div>
        )}
        <main className="shop-main">
          {signedIn || PUBLIC_PAGES.some((p) => rest.startsWith(p)) ? (
            <>
              <Outlet />
              <ShellHandoff />
            </>
          ) : (
            <Suspense fallback={<Spinner />}>
              <ShopSignInPage />
              <ShellHandoff />
            </Suspense>
          )}
        </main>
        {signedIn && <ShopNav base={base} />}
      </div>
    </ShopContext.Provider>,
  );
}
