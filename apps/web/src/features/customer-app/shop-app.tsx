import {
  AppstoreOutlined,
  FileTextOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Result, Spin } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { ApiError, errorMessage, request } from '../../lib/api';
import { LiveEventsProvider } from '../../lib/live-events';
import type { CustomerAuthAnswer } from './customer-session';
import { ShopLiveEvents } from './shop-live-events';
import {
  getCustomerToken,
  setCustomerToken,
  setShopUnauthorizedHandler,
  shopKeys,
  useCart,
  useMe,
  useShopCompany,
} from './shop-api';
import { getHostSubdomain, ShopContext, type ShopContextValue } from './shop-context';
import { OFFLINE_QUEUED } from './shop-offline';
import { forgetShopAnswers, useOutbox, useShopInstall } from './shop-pwa';
import './shop.css';

/** Loaded only when nobody is signed in: a signed-in visit does not carry the sign-in form's code. */
const ShopSignInPage = lazy(() => import('./shop-signin-page'));

/** Pages a signed-out visitor may open. */
const PUBLIC_PAGES = ['/reset-password', '/signup'];

export const ORDERING_OFF = 'Online ordering is not available';

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
      {link('', 'Products', <AppstoreOutlined aria-hidden />, true)}
      {link(
        '/cart',
        'Cart',
        <Badge count={units} size="small" offset={[6, 0]} data-testid="cart-count">
          <ShoppingCartOutlined aria-hidden />
        </Badge>,
      )}
      {link('/order', 'Orders', <ShoppingOutlined aria-hidden />)}
      {link('/invoice', 'Invoices', <FileTextOutlined aria-hidden />)}
      {link('/account', 'Account', <UserOutlined aria-hidden />)}
    </nav>
  );
}

/**
 * The customers' ordering app: /shop/{subdomain} locally, / on {subdomain}.{APP_DOMAIN}. Its own
 * session (the customer user's token, kept apart from the staff token), layout and live events.
 */
export default function ShopApp() {
  const params = useParams();
  const host = getHostSubdomain();
  const subdomain = (host ?? params.subdomain ?? '').toLowerCase();
  const base = host ? '' : `/shop/${subdomain}`;
  const location = useLocation();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const company = useShopCompany(subdomain);
  const [token, setTokenState] = useState(getCustomerToken);
  const me = useMe(!!token && !!company.data?.ordering);
  useShopInstall(subdomain, !!host);
  const refused = useCallback((m: string) => message.error(m), [message]);
  const waiting = useOutbox(!!token && !!me.data, refused);

  const signOut = useCallback(() => {
    // ends this token's session on the server (a 401 already cleared the token: nothing to end)
    const ended = getCustomerToken();
    if (ended) void request('POST', '/customer-app/signout', { token: ended }).catch(() => undefined);
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
              const res = await request<CustomerAuthAnswer>('POST', '/customer-app/signin', {
                body: { email, password, subdomain },
                public: true,
              });
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

  if (company.isLoading || (token && company.data?.ordering && me.isLoading))
    // the name goes on a live region: a plain div (the spinner) may not carry an aria-label
    return (
      <div role="status" aria-label="Loading">
        <Spin size="large" style={{ display: 'block', marginTop: 120 }} />
      </div>
    );
  if (company.error || !value)
    return (
      <main className="shop">
        <Result
          status={company.error instanceof ApiError && company.error.status === 404 ? '404' : 'error'}
          title={
            company.error instanceof ApiError && company.error.status === 404
              ? 'This shop does not exist'
              : 'Sorry, something went wrong!'
          }
          subTitle={company.error ? errorMessage(company.error) : undefined}
        />
      </main>
    );
  if (!value.company.ordering)
    return (
      <main className="shop">
        <Result status="info" title={<h1 style={{ fontSize: 22 }}>{ORDERING_OFF}</h1>} subTitle={value.company.name} />
      </main>
    );

  const rest = location.pathname.slice(base.length) || '/';
  const signedIn = !!token && !!me.data;
  // signed in on the invitation's page (just signed up, or a second click on the link): the catalogue
  if (signedIn && rest.startsWith('/signup')) return <Navigate to={base || '/'} replace />;
  return (
    <ShopContext.Provider value={value}>
      <LiveEventsProvider token={signedIn ? token : null}>
        <ShopLiveEvents subdomain={subdomain} signOut={signOut} />
      </LiveEventsProvider>
      <div className="shop">
        <header className="shop-header">
          <span className="shop-brand">
            {value.company.logo && <img src={value.company.logo} alt="" />}
            {value.company.name}
          </span>
          {signedIn && <span style={{ fontSize: 12, opacity: 0.9 }}>{me.data?.customer?.name}</span>}
        </header>
        {waiting > 0 && (
          <div className="shop-offline" role="status" data-testid="shop-outbox">
            {waiting === 1 ? '1 order' : `${waiting} orders`} saved on this phone. {OFFLINE_QUEUED}.
          </div>
        )}
        <main className="shop-main">
          {signedIn || PUBLIC_PAGES.some((p) => rest.startsWith(p)) ? (
            <Outlet />
          ) : (
            <Suspense fallback={<Spin />}>
              <ShopSignInPage />
            </Suspense>
          )}
        </main>
        {signedIn && <ShopNav base={base} />}
      </div>
    </ShopContext.Provider>
  );
}
