import {
  SyncOutlined,
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BarcodeOutlined,
  CarOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  InboxOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { APP_NAME } from '@dbo/domain/constants';
import { initials } from '@dbo/domain/names';
import { orderCount } from '@dbo/domain/endpoints/orders';
import { isPosActive } from '@dbo/domain/features';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Flex, Layout, Menu, Modal, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { queryKeys } from '../lib/query-keys';
import { UnsavedChangesGuard } from '../lib/unsaved-changes';
import { PaletteButton, usePaletteHotkey } from './palette-button';
import { getToken } from '../lib/api';
import { endpointQuery } from '../lib/endpoints';
import { LiveEventsProvider } from '../lib/live-events';
import { StaffLiveEvents } from './realtime';
import { screenBuilt } from '../lib/screens';
import { screensFor } from '../lib/permissions';
import { SessionExpiredDialog } from './session-expired-dialog';
import { whenIdle } from '../lib/when-idle';
import { prefetchScreens } from '../lib/screen-prefetch';
import { useSession } from '../lib/session';

const { Sider, Header, Content } = Layout;
/** the palette's code (cmdk, its dialog) loads when idle or on the first open, not with every screen */
const loadPalette = () => import('./command-palette');
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));
const COLLAPSE_KEY = 'dbo.navCollapsed';

function usePlacedOrderCount(enabled: boolean) {
  return useQuery({
    ...endpointQuery(queryKeys.orders.count, orderCount, {}),
    enabled,
    refetchInterval: 60_000,
    retry: false,
  });
}

export function LogoutConfirm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      title="Sure you want to logout?"
      onCancel={onClose}
      footer={[
        <Button key="no" onClick={onClose}>
          Nevermind
        </Button>,
        <Button
          key="yes"
          type="primary"
          danger
          onClick={() => {
            onClose();
            navigate('/logout');
          }}
        >
          Log Me Out
        </Button>,
      ]}
    />
  );
}

export function AppLayout() {
  const { user, feature, status, can } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSE_KEY) === '1');
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  /** the palette is rendered from its first open on (it keeps its own state while closed) */
  const [paletteUsed, setPaletteUsed] = useState(false);
  const openPalette = useCallback(() => {
    setPaletteUsed(true);
    setPaletteOpen(true);
  }, []);
  usePaletteHotkey(openPalette);
  useEffect(() => whenIdle(() => void loadPalette()), []);
  const orderCount =
    usePlacedOrderCount(feature('order') && screenBuilt('order') && can('order.read')).data?.count ?? 0;

  useEffect(() => {
    document.title = orderCount > 0 ? `${APP_NAME} (${orderCount})` : APP_NAME;
  }, [orderCount]);

  const features = user?.company.companyFeatures;
  // the icons are decoration: each item's name is its text ('Order', not 'shopping-cart Order')
  const items = screensFor(user?.role, [
    { key: '/dashboard', icon: <DashboardOutlined aria-hidden />, label: 'Dashboard' },
    ...(screenBuilt('order')
      ? [
          {
            key: '/order',
            icon: <ShoppingCartOutlined aria-hidden />,
            // the name comes from the content: 'Order 3 placed' (an aria-label that differs from the
            // visible text fails axe label-content-name-mismatch); a plain pill, since antd's Badge
            // renders scrolling digits that screen readers and axe read as more than the count
            label: (
              <Flex justify="space-between" align="center">
                Order
                {orderCount > 0 && (
                  <span className="nav-count">
                    <span data-testid="order-badge">{orderCount}</span>
                    <span className="visually-hidden"> placed</span>
                  </span>
                )}
              </Flex>
            ),
          },
        ]
      : []),
    { key: '/customer', icon: <TeamOutlined aria-hidden />, label: 'Customers' },
    { key: '/invoice', icon: <FileTextOutlined aria-hidden />, label: 'Invoices' },
    { key: '/payment', icon: <DollarOutlined aria-hidden />, label: 'Payments' },
    { key: '/receivables', icon: <AccountBookOutlined aria-hidden />, label: 'Receivables' },
    { key: '/delivery', icon: <CarOutlined aria-hidden />, label: 'Delivery' },
    { key: '/stamp', icon: <BarcodeOutlined aria-hidden />, label: 'Stamps' },
    { key: '/product', icon: <AppstoreOutlined aria-hidden />, label: 'Products' },
    ...(isPosActive(features) || !screenBuilt('inventory')
      ? []
      : [{ key: '/inventory', icon: <InboxOutlined aria-hidden />, label: 'Inventory' }]),
    ...(screenBuilt('reports') ? [{ key: '/reports', icon: <BarChartOutlined aria-hidden />, label: 'Reports' }] : []),
    // the sync pages of an active point-of-sale partner (spec 2 routes /bottle-pos, /clover)
    ...(feature('bottle_pos') ? [{ key: '/bottle-pos', icon: <SyncOutlined aria-hidden />, label: 'Bottle POS' }] : []),
    ...(feature('clover') ? [{ key: '/clover', icon: <SyncOutlined aria-hidden />, label: 'Clover' }] : []),
  ]);
  // each item is a real link (issue 36: open a page in a new tab with a middle or ctrl click);
  // antd stretches a link over its whole item
  const linkedItems = items.map((i) => ({ ...i, label: <Link to={i.key}>{i.label}</Link> }));
  // pages outside the navigation (settings, features...) highlight no item
  const path = location.pathname === '/' ? '/dashboard' : location.pathname;
  const selected = items.find((i) => path === i.key || path.startsWith(`${i.key}/`))?.key;
  // the menu's screens are prefetched once this one is idle, the files kept but not run (issue 37)
  const menuPaths = items.map((i) => i.key).join(' ');
  useEffect(() => prefetchScreens(menuPaths.split(' ')), [menuPaths]);

  return (
    <LiveEventsProvider token={status === 'signedIn' ? getToken() : null}>
      <StaffLiveEvents />
      <Layout style={{ minHeight: '100vh' }}>
        <Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          width={232}
          theme="light"
          style={{ borderRight: '1px solid #f0f0f0' }}
        >
          {/* the visible name and e-mail are part of the link's name (axe label-content-name-mismatch) */}
          <Link to="/setting" className="nav-user">
            <span className="visually-hidden">Account settings: </span>
            <Avatar style={{ background: '#8b1e3f', flex: 'none' }}>{initials(user?.name)}</Avatar>
            {!collapsed && (
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong ellipsis style={{ display: 'block' }}>
                  {user?.name}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
                  {user?.email}
                </Typography.Text>
              </div>
            )}
          </Link>
          <div style={{ padding: '0 8px' }}>
            <PaletteButton onOpen={openPalette} collapsed={collapsed} />
          </div>
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            items={linkedItems}
            // a click on the link navigates by itself; the keyboard (Enter on an item) comes here
            onClick={(e) => {
              if (!(e.domEvent.target as HTMLElement).closest('a')) navigate(e.key);
            }}
            style={{ borderInlineEnd: 'none' }}
          />
          <Button
            type="text"
            block
            icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
            // collapsed, the button is an icon alone: it needs a name of its own
            aria-label={collapsed ? 'Expand the menu' : undefined}
            onClick={() => {
              localStorage.setItem(COLLAPSE_KEY, collapsed ? '0' : '1');
              setCollapsed(!collapsed);
            }}
            style={{ marginTop: 8 }}
          >
            {collapsed ? '' : 'Minimize'}
          </Button>
        </Sider>
        <Layout>
          <Header className="top-bar">
            <Typography.Text strong>{user?.company.name}</Typography.Text>
            <Button icon={<LogoutOutlined />} onClick={() => setLogoutOpen(true)}>
              Logout
            </Button>
          </Header>
          <Content style={{ padding: 24 }}>
            <UnsavedChangesGuard>
              <Outlet />
            </UnsavedChangesGuard>
          </Content>
        </Layout>
        <LogoutConfirm open={logoutOpen} onClose={() => setLogoutOpen(false)} />
        {paletteUsed && (
          <Suspense fallback={null}>
            <CommandPalette open={paletteOpen} onClose={() => setPaletteOpen(false)} />
          </Suspense>
        )}
        <SessionExpiredDialog />
      </Layout>
    </LiveEventsProvider>
  );
}
