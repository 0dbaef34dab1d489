import { todayInTexas } from '@dbo/domain/dates';
import type { StopCompleteInput } from '@dbo/domain/delivery';
import { formatMoney } from '@dbo/domain/money';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { getToken } from '../../lib/api';
import {
  DRIVER_CACHE,
  type QueuedCompletion,
  keepRoutes,
  keptRoutes,
  putCompletion,
  queuedCompletions,
  removeCompletion,
  sendQueue,
} from './queue';
import { StopForm } from './stop-form';
import { type DriverInvoice, type DriverRoute, fetchMyRoutes } from './api';

/**
 * The page and the scripts and styles this screen loaded, kept in the worker's cache: they were
 * fetched before the worker controlled the page (it registers from here), so without this an open
 * without signal found the page but not its code.
 */
async function keepScreenFiles() {
  if (!('caches' in window)) return;
  const urls = new Set<string>(['/driver/']);
  for (const e of performance.getEntriesByType('resource')) {
    const u = new URL(e.name);
    if (u.origin === location.origin && u.pathname.startsWith('/assets/')) urls.add(u.pathname);
  }
  const cache = await caches.open(DRIVER_CACHE);
  await Promise.all([...urls].map((u) => cache.add(u).catch(() => undefined)));
}

/**
 * The driver's worker and manifest are theirs (the shop has its own under /shop). The worker's
 * scope is '/driver' (the server allows it with Service-Worker-Allowed), so it also answers
 * /driver, where a driver's sign-in lands, not only the installed app's /driver/.
 */
function useInstallable() {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/driver/manifest.webmanifest';
    document.head.appendChild(link);
    if ('serviceWorker' in navigator)
      navigator.serviceWorker
        .register('/driver/sw.js', { scope: '/driver' })
        .then(() => navigator.serviceWorker.ready)
        .then(keepScreenFiles)
        .catch(() => undefined);
    return () => link.remove();
  }, []);
}

const newClientId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export default function DriverPage() {
  useInstallable();
  const today = todayInTexas();
  const kept = keptRoutes();
  const [routes, setRoutes] = useState<DriverRoute[]>(kept?.date === today ? kept.routes : []);
  const [loaded, setLoaded] = useState(kept?.date === today);
  const [online, setOnline] = useState(navigator.onLine);
  const [queue, setQueue] = useState<QueuedCompletion[]>([]);
  const [open, setOpen] = useState<DriverInvoice | null>(null);
  const [notice, setNotice] = useState<{ type: 'success' | 'info'; text: string } | null>(null);

  const refresh = useCallback(async () => {
    try {
      const fresh = await fetchMyRoutes(today);
      setRoutes(fresh);
      keepRoutes(today, fresh);
    } catch {
      // no signal: the route kept on the phone stays on screen
    }
    setLoaded(true);
  }, [today]);

  const flush = useCallback(
    async (opts?: { retryRefused?: boolean }) => {
      const { sent, signedOut } = await sendQueue(opts);
      setQueue(await queuedCompletions());
      if (signedOut)
        setNotice({
          type: 'info',
          text: 'Your sign-in ran out: log out and sign in again to send what is waiting (it stays on this phone)',
        });
      if (sent > 0) {
        setNotice({
          type: 'success',
          text: `Sent ${sent} saved ${sent === 1 ? 'delivery' : 'deliveries'} to the office`,
        });
        await refresh();
      }
    },
    [refresh],
  );

  useEffect(() => {
    queuedCompletions().then(setQueue);
    void flush().then(refresh);
    const on = () => {
      setOnline(true);
      void flush();
    };
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    const timer = window.setInterval(() => void flush(), 30_000);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
      window.clearInterval(timer);
    };
  }, [flush, refresh]);

  if (!getToken()) return <Navigate to="/auth/signin" replace state={{ from: '/driver' }} />;

  const complete = async (inv: DriverInvoice, customer: string, body: Omit<StopCompleteInput, 'client_id'>) => {
    const item: QueuedCompletion = {
      client_id: newClientId(),
      invoice_id: inv.id,
      label: inv.number_label,
      customer,
      body: { ...body, client_id: '' },
      queued_at: Date.now(),
    };
    item.body.client_id = item.client_id;
    await putCompletion(item);
    setOpen(null);
    const { waiting } = await sendQueue();
    const left = await queuedCompletions();
    setQueue(left);
    if (left.some((q) => q.client_id === item.client_id)) {
      setNotice({ type: 'info', text: 'Saved on this phone — will send when online' });
    } else {
      setNotice({ type: 'success', text: `Invoice #${inv.number_label} delivered` });
      await refresh();
    }
    return waiting;
  };

  const pending = new Set(queue.map((q) => q.invoice_id));
  const stops = routes.flatMap((r) => r.stops);

  if (open) {
    const stop = stops.find((s) => s.invoices.some((i) => i.id === open.id));
    return (
      <main style={{ maxWidth: 480, margin: '0 auto', padding: 12 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 18 }}>
          {stop?.customer.name ?? 'Delivery'}
        </Typography.Title>
        <StopForm
          invoice={open}
          onCancel={() => setOpen(null)}
          onDone={(body) => void complete(open, stop?.customer.name ?? '', body)}
        />
      </main>
    );
  }

  return (
    <main style={{ maxWidth: 480, margin: '0 auto', padding: 12 }}>
      <Flex justify="space-between" align="center">
        {/* the page's one level-one heading (axe page-has-heading-one), at the size of a phone's title */}
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          Today's stops
        </Typography.Title>
        <Flex gap={8} align="center">
          <Tag color={online ? 'green' : 'orange'} role="status">
            {online ? 'Online' : 'Offline'}
          </Tag>
          <Link to="/logout">Log out</Link>
        </Flex>
      </Flex>
      {notice && (
        <Alert
          style={{ marginTop: 8 }}
          type={notice.type}
          showIcon
          title={notice.text}
          role="status"
          closable={{ onClose: () => setNotice(null) }}
        />
      )}
      {queue.length > 0 && (
        <Card size="small" style={{ marginTop: 8 }} title={`Waiting to send (${queue.length})`}>
          <ul aria-label="Waiting to send" style={{ margin: 0, paddingLeft: 18 }}>
            {queue.map((q) => (
              <li key={q.client_id}>
                Invoice #{q.label} · {q.customer}
                {q.error && (
                  <>
                    {' '}
                    <Typography.Text type="danger">refused: {q.error}</Typography.Text>{' '}
                    <Button size="small" onClick={() => void removeCompletion(q.client_id).then(flush)}>
                      Discard
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
          <Button size="small" style={{ marginTop: 6 }} onClick={() => void flush({ retryRefused: true })}>
            Send now
          </Button>
        </Card>
      )}
      {loaded && stops.length === 0 && (
        <Typography.Paragraph style={{ marginTop: 16 }}>No stops on your route today.</Typography.Paragraph>
      )}
      <ol aria-label="Stops" style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
        {stops.map((s, i) => (
          <li key={s.id} style={{ marginBottom: 10 }}>
            <Card
              size="small"
              title={
                <span>
                  {i + 1}. {s.customer.name}
                </span>
              }
              extra={s.done ? <Tag color="green">Done</Tag> : null}
            >
              <a href={s.customer.maps_url} target="_blank" rel="noreferrer">
                {s.customer.address}, {s.customer.city} {s.customer.zip}
              </a>
              {s.customer.contact_phone && (
                <div>
                  <a href={`tel:${s.customer.contact_phone}`}>{s.customer.contact_phone}</a>
                </div>
              )}
              {s.cod_amount > 0 && (
                <div>
                  <Tag color="gold">COD {formatMoney(s.cod_amount)}</Tag>
                </div>
              )}
              {s.warnings.map((w) => (
                <Alert key={w} type="warning" title={w} style={{ marginTop: 6 }} />
              ))}
              {s.invoices.map((inv) => (
                <div key={inv.id} style={{ marginTop: 8, borderTop: '1px solid #f0f0f0', paddingTop: 6 }}>
                  <Flex justify="space-between" align="center">
                    <strong>Invoice #{inv.number_label}</strong>
                    {inv.completed ? (
                      <Tag color="green">Delivered to {inv.received_by}</Tag>
                    ) : pending.has(inv.id) ? (
                      <Tag color="orange">Saved on this phone</Tag>
                    ) : (
                      <Button type="primary" onClick={() => setOpen(inv)}>
                        Deliver #{inv.number_label}
                      </Button>
                    )}
                  </Flex>
                  <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                    {inv.lines.map((l) => (
                      <li key={l.item_id}>
                        {l.qty} × {l.product_name} {l.product_size}
                        {l.cases > 0 ? ` (${l.cases} cs${l.bottles ? ` + ${l.bottles}` : ''})` : ''}
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </Card>
          </li>
        ))}
      </ol>
    </main>
  );
}
