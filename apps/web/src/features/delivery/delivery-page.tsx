import { todayInTexas } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { Alert, App, Button, Card, Col, Empty, Flex, Input, Row, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useId, useMemo, useState } from 'react';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api';
import { DayPicker } from '../../lib/day-picker';
import { Page } from '../../lib/page';
import {
  type EligibleInvoice,
  type Route,
  useCreateRoute,
  useDrivers,
  useEligible,
  useReconciliation,
  useRoutes,
  useUpdateRoute,
} from './api';
import { ReconciliationCard } from './reconciliation-card';
import { RouteCard } from './route-card';

const NEW_ROUTE = 0;

/**
 * /delivery: the office plans the day's routes (invoices on a route for a driver, stops in order),
 * prints each route sheet, follows each route live as the driver completes stops, and reconciles
 * at the end of the day what the drivers collected against what they should hand in.
 */
export default function DeliveryPage() {
  const { can } = useSession();
  const manage = can('delivery.manage');
  const [date, setDate] = useState(todayInTexas());
  const routes = useRoutes(date);
  const reconciliation = useReconciliation(date);
  const dateId = useId();

  return (
    <Page
      title="Delivery"
      actions={
        <Flex align="center" gap={8}>
          <label htmlFor={dateId}>Route date</label>
          {/* the product's one date picker in the spec's format (issue 36), not a native input */}
          <DayPicker id={dateId} value={date} onChange={setDate} width={170} />
        </Flex>
      }
    >
      <Row gutter={[16, 16]}>
        {manage && (
          <Col xs={24} xl={11}>
            <PlanCard date={date} routes={routes.data ?? []} />
          </Col>
        )}
        <Col xs={24} xl={manage ? 13 : 24}>
          <section aria-labelledby="routes-heading">
            <Typography.Title level={2} id="routes-heading" style={{ fontSize: 18, marginTop: 0 }}>
              Routes on {date}
            </Typography.Title>
            {routes.error ? (
              <Alert type="error" showIcon message={errorMessage(routes.error)} />
            ) : routes.isLoading ? null : routes.data?.length ? (
              <Flex vertical gap={16}>
                {routes.data.map((r) => (
                  <RouteCard key={r.id} route={r} manage={manage} />
                ))}
              </Flex>
            ) : (
              <Card>
                <Empty description={`No route on ${date} yet`} />
              </Card>
            )}
          </section>
        </Col>
        <Col span={24}>
          <ReconciliationCard date={date} query={reconciliation} />
        </Col>
      </Row>
    </Page>
  );
}

/** Pick invoices that are invoiced or later, not cancelled, not yet delivered; a driver; a route. */
function PlanCard({ date, routes }: { date: string; routes: Route[] }) {
  const { message } = App.useApp();
  const eligible = useEligible();
  const drivers = useDrivers();
  const [driver, setDriver] = useState<number | null>(null);
  const [target, setTarget] = useState<number>(NEW_ROUTE);
  const [picked, setPicked] = useState<number[]>([]);
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRoute();
  const update = useUpdateRoute();
  const driverId = useId();
  const routeId = useId();
  const filterId = useId();

  const free = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (eligible.data ?? []).filter(
      (i) =>
        i.route_id === null &&
        (!f || i.customer_name.toLowerCase().includes(f) || i.number_label.toLowerCase().includes(f)),
    );
  }, [eligible.data, filter]);

  const columns: ColumnsType<EligibleInvoice> = [
    {
      title: 'Invoice',
      dataIndex: 'number_label',
      width: 110,
      render: (v: string, r) => (
        <div>
          <div>{v}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.invoiced_at}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: 'Customer',
      dataIndex: 'customer_name',
      render: (v: string, r) => (
        <div>
          <div>{v}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.address}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: 'Total',
      dataIndex: 'total',
      align: 'right',
      width: 100,
      render: (v: number, r) => (
        <div>
          <div>{formatMoney(v)}</div>
          {r.cod && (
            <Tag color="gold" style={{ marginInlineEnd: 0 }}>
              COD
            </Tag>
          )}
        </div>
      ),
    },
  ];

  const routesOfDay = routes.filter((r) => r.date === date);
  const submit = async () => {
    setError(null);
    try {
      if (target === NEW_ROUTE) {
        if (!driver) {
          setError('Pick the driver of the route');
          return;
        }
        const r = await create.mutateAsync({ date, driver_user_id: driver, invoice_ids: picked });
        message.success(`Route #${r.id} planned: ${r.stops.length} stop${r.stops.length === 1 ? '' : 's'}`);
      } else {
        const r = routesOfDay.find((x) => x.id === target);
        const have = r?.stops.flatMap((s) => s.invoices.map((i) => i.id)) ?? [];
        await update.mutateAsync({ id: target, body: { invoice_ids: [...have, ...picked] } });
        message.success(`Added to route #${target}`);
      }
      setPicked([]);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Card
      data-testid="plan-route"
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          Plan a route
        </Typography.Title>
      }
    >
      <Flex vertical gap={12}>
        <Flex gap={12} wrap>
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 180 }}>
            <label htmlFor={routeId}>Put on</label>
            <Select
              id={routeId}
              value={target}
              onChange={setTarget}
              options={[
                { value: NEW_ROUTE, label: 'A new route' },
                ...routesOfDay.map((r) => ({ value: r.id, label: `Route #${r.id} (${r.driver_name || 'no driver'})` })),
              ]}
            />
          </Flex>
          {target === NEW_ROUTE && (
            <Flex vertical gap={4} style={{ flex: 1, minWidth: 180 }}>
              <label htmlFor={driverId}>Driver</label>
              <Select
                id={driverId}
                placeholder="Pick a driver"
                value={driver ?? undefined}
                onChange={setDriver}
                loading={drivers.isLoading}
                showSearch
                optionFilterProp="label"
                options={(drivers.data ?? []).map((d) => ({ value: d.id, label: d.name || d.email }))}
              />
            </Flex>
          )}
        </Flex>
        <Flex vertical gap={4}>
          <label htmlFor={filterId}>Find an invoice</label>
          <Input
            id={filterId}
            allowClear
            placeholder="Customer or invoice number"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </Flex>
        <Table<EligibleInvoice>
          size="small"
          rowKey="id"
          data-testid="eligible-invoices"
          loading={eligible.isLoading}
          columns={columns}
          dataSource={free}
          pagination={{ pageSize: 8, showSizeChanger: false, hideOnSinglePage: true }}
          rowSelection={{
            // picked invoices stay picked while the filter hides them
            preserveSelectedRowKeys: true,
            selectedRowKeys: picked,
            onChange: (keys) => setPicked(keys as number[]),
            getCheckboxProps: (r) => ({
              'aria-label': `Put invoice ${r.number_label} (${r.customer_name}) on the route`,
            }),
            columnTitle: <span className="visually-hidden">Pick</span>,
          }}
          locale={{ emptyText: 'No invoice waiting for delivery (invoiced, not delivered, on no route)' }}
        />
        {error && <Alert type="error" showIcon message={error} role="alert" />}
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">
            {picked.length} invoice{picked.length === 1 ? '' : 's'} picked
          </Typography.Text>
          <Button
            type="primary"
            disabled={!picked.length}
            loading={create.isPending || update.isPending}
            onClick={submit}
          >
            {target === NEW_ROUTE ? 'Create route' : `Add to route #${target}`}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
