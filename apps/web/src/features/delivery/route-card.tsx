import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatMoney } from '@dbo/domain/money';
import { Alert, App, Button, Card, Flex, Popconfirm, Progress, Select, Tag, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import './delivery.css';
import { errorMessage } from '../../lib/api';
import { type Route, type RouteStop, useDeleteRoute, useDrivers, useUpdateRoute } from './api';

const { Text } = Typography;

/** 'Second Street 12, Austin TX 78701' sorted by ZIP, then city, then the street address. */
const addressKey = (s: RouteStop) =>
  [s.customer.zip, s.customer.city, s.customer.address, s.customer.name].map((p) => p.toLowerCase()).join('|');

export function stopSummary(s: RouteStop) {
  let cases = 0;
  let bottles = 0;
  for (const inv of s.invoices)
    for (const l of inv.lines) {
      cases += l.cases;
      bottles += l.bottles;
    }
  return `${cases} case${cases === 1 ? '' : 's'}, ${bottles} bottle${bottles === 1 ? '' : 's'}`;
}

const move = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [it] = next.splice(from, 1);
  next.splice(to, 0, it);
  return next;
};

/**
 * One route: its progress (stops done, COD collected, exceptions) as the driver works, and its
 * stops in order. Stops move by drag and drop, by their Move up / Move down buttons, or with
 * Alt+Arrow keys on a focused stop; or all at once by the customers' addresses.
 */
export function RouteCard({ route, manage }: { route: Route; manage: boolean }) {
  const { message } = App.useApp();
  const update = useUpdateRoute();
  const remove = useDeleteRoute();
  const drivers = useDrivers();
  const [stops, setStops] = useState(route.stops);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const helpId = useId();
  const driverId = useId();
  // the server's order replaces the one on screen, except while a move is being saved (an older
  // answer arriving then would put the stop back for a moment)
  const [saving, setSaving] = useState(0);
  useEffect(() => {
    if (saving === 0) setStops(route.stops);
  }, [route.stops, saving]);

  const p = route.progress;
  const started = p.stops_done > 0;

  const save = async (next: RouteStop[], said: string) => {
    const before = stops;
    setStops(next);
    setError(null);
    setSaving((n) => n + 1);
    try {
      await update.mutateAsync({ id: route.id, body: { stop_order: next.map((s) => s.id) } });
      setAnnounce(said);
    } catch (err) {
      setStops(before);
      setError(errorMessage(err));
    } finally {
      setSaving((n) => n - 1);
    }
  };
  const moveStop = (from: number, to: number) => {
    if (to < 0 || to >= stops.length || from === to) return;
    void save(move(stops, from, to), `${stops[from].customer.name} is now stop ${to + 1} of ${stops.length}`);
  };

  const changeDriver = async (driver_user_id: number) => {
    setError(null);
    try {
      await update.mutateAsync({ id: route.id, body: { driver_user_id } });
      message.success('Driver changed');
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const removeInvoice = async (invoiceId: number) => {
    setError(null);
    const keep = route.stops.flatMap((s) => s.invoices.map((i) => i.id)).filter((id) => id !== invoiceId);
    try {
      if (keep.length) await update.mutateAsync({ id: route.id, body: { invoice_ids: keep } });
      else await remove.mutateAsync(route.id);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Card
      data-testid={`route-${route.id}`}
      aria-labelledby={headingId}
      title={
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={3} id={headingId} style={{ fontSize: 16, margin: 0 }}>
            Route #{route.id} · {route.driver_name || 'No driver'}
          </Typography.Title>
          {p.stops > 0 && p.stops_done === p.stops && <Tag color="green">Done</Tag>}
        </Flex>
      }
      extra={
        <Flex gap={8}>
          <Button
            icon={<PrinterOutlined aria-hidden />}
            href={`/delivery/route/${route.id}/sheet`}
            target="_blank"
            rel="noopener"
          >
            Route sheet
          </Button>
          {manage && !started && (
            <Popconfirm
              title={`Delete route #${route.id}?`}
              description="Its invoices go back to the list waiting for delivery."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(route.id).catch((err) => setError(errorMessage(err)))}
            >
              <Button danger>Delete route</Button>
            </Popconfirm>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <section aria-label={`Progress of route #${route.id}`} data-testid="route-progress">
          <Flex gap={24} wrap align="center">
            <div style={{ minWidth: 220 }}>
              <Text strong data-testid="stops-done">
                {p.stops_done} of {p.stops} stops done
              </Text>
              <Progress
                percent={p.stops ? Math.round((p.stops_done / p.stops) * 100) : 0}
                size="small"
                aria-label={`${p.stops_done} of ${p.stops} stops done`}
              />
            </div>
            <Text data-testid="cod-progress">
              COD collected <Text strong>{formatMoney(p.cod_collected)}</Text> of {formatMoney(p.cod_expected)}
            </Text>
            <Text type="secondary">
              {p.invoices_done} of {p.invoices} invoices delivered
            </Text>
          </Flex>
          {p.exceptions.length > 0 && (
            <Alert
              style={{ marginTop: 8 }}
              type="warning"
              showIcon
              message="Exceptions"
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {p.exceptions.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              }
            />
          )}
        </section>

        {manage && (
          <Flex gap={8} align="center" wrap>
            <label htmlFor={driverId}>Driver</label>
            <Select
              id={driverId}
              style={{ minWidth: 200 }}
              value={route.driver_user_id ?? undefined}
              onChange={changeDriver}
              options={(drivers.data ?? []).map((d) => ({ value: d.id, label: d.name || d.email }))}
            />
            <Button
              onClick={() => {
                const sorted = [...stops].sort((a, b) => addressKey(a).localeCompare(addressKey(b)));
                void save(sorted, 'Stops ordered by address');
              }}
              disabled={stops.length < 2}
            >
              Order by address
            </Button>
          </Flex>
        )}
        {manage && (
          <Text type="secondary" id={helpId} style={{ fontSize: 12 }}>
            Drag a stop to move it, or focus it and press Alt+Arrow Up / Alt+Arrow Down.
          </Text>
        )}
        {error && <Alert type="error" showIcon message={error} role="alert" />}
        <div aria-live="polite" className="visually-hidden">
          {announce}
        </div>

        <ol className="delivery-stops" aria-label={`Stops of route #${route.id}`}>
          {stops.map((s, i) => (
            <li
              key={s.id}
              data-testid="delivery-stop"
              className={`delivery-stop${dragged === i ? ' dragging' : ''}${s.done ? ' done' : ''}`}
              draggable={manage}
              tabIndex={manage ? 0 : undefined}
              aria-describedby={manage ? helpId : undefined}
              onDragStart={(e) => {
                setDragged(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(s.id));
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(e) => {
                if (manage) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                const from = stops.findIndex((x) => String(x.id) === e.dataTransfer.getData('text/plain'));
                if (from >= 0) moveStop(from, i);
                setDragged(null);
              }}
              onKeyDown={(e) => {
                if (!manage || !e.altKey || e.target !== e.currentTarget) return;
                if (e.key === 'ArrowUp') {
                  e.preventDefault();
                  moveStop(i, i - 1);
                } else if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  moveStop(i, i + 1);
                }
              }}
            >
              <Flex gap={12} align="flex-start">
                {manage && <HolderOutlined aria-hidden className="drag-handle" />}
                <span className="stop-number" aria-hidden>
                  {i + 1}
                </span>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Flex gap={8} align="center" wrap>
                    <Text strong>{s.customer.name}</Text>
                    {s.done ? <Tag color="green">Delivered</Tag> : <Tag>Open</Tag>}
                    {s.cod_amount > 0 && <Tag color="gold">COD {formatMoney(s.cod_amount)}</Tag>}
                  </Flex>
                  <Text type="secondary" style={{ fontSize: 12 }}>
                    {[s.customer.address, s.customer.city, `${s.customer.state} ${s.customer.zip}`.trim()]
                      .filter(Boolean)
                      .join(', ')}
                  </Text>
                  <div style={{ fontSize: 13 }}>
                    {s.invoices.map((inv, k) => (
                      <span key={inv.id}>
                        {k > 0 && ' · '}
                        Invoice {inv.number_label}
                        {inv.completed && inv.received_by ? ` (received by ${inv.received_by})` : ''}
                        {manage && !inv.completed && (
                          <Button type="link" size="small" onClick={() => removeInvoice(inv.id)}>
                            Remove<span className="visually-hidden"> invoice {inv.number_label} from the route</span>
                          </Button>
                        )}
                      </span>
                    ))}
                    {' · '}
                    {stopSummary(s)}
                    {s.spirits_gallons > 0 && ` · ${s.spirits_gallons.toFixed(2)} gal spirits`}
                  </div>
                  {s.warnings.map((w) => (
                    <div key={w} className="stop-warning" data-testid="stop-warning">
                      {w}
                    </div>
                  ))}
                </div>
                {manage && (
                  <Flex gap={4}>
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined aria-hidden />}
                      aria-label={`Move ${s.customer.name} up`}
                      disabled={i === 0}
                      onClick={() => moveStop(i, i - 1)}
                    />
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined aria-hidden />}
                      aria-label={`Move ${s.customer.name} down`}
                      disabled={i === stops.length - 1}
                      onClick={() => moveStop(i, i + 1)}
                    />
                  </Flex>
                )}
              </Flex>
            </li>
          ))}
        </ol>
      </Flex>
    </Card>
  );
}
