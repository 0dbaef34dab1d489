import { FileTextOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { DEFAULTS } from '@dbo/domain/constants';
import { addDays, formatDate, todayInTexas } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { Alert, App, Card, Col, Empty, Flex, Input, List, Row, Segmented, Statistic, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { DashboardWidget } from '../../lib/extensions';
import { errorMessage } from '../../lib/api';
import { displayNumber, type InvoiceListRow, useCompanyStats, useQuickSearch, useRecentInvoices } from './api';
import { InvoiceStatusTag } from './invoice-status-tag';
import { useDebounced } from '../../lib/use-debounced';

const { Text } = Typography;

/** One kind of quick-search result under its icon and title. */
function FoundList<T>(props: {
  icon: React.ReactNode;
  title: string;
  items: T[];
  renderItem: (item: T) => React.ReactNode;
}) {
  return (
    <List
      size="small"
      header={
        <Text type="secondary">
          {props.icon} {props.title}
        </Text>
      }
      dataSource={props.items}
      renderItem={props.renderItem}
    />
  );
}

/** Finds invoices (by number) and customers (by name or permit): 3 characters, 300 ms debounce. */
function QuickSearch() {
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), DEFAULTS.quickSearchDebounceMs);
  const enabled = q.length >= DEFAULTS.quickSearchMinChars;
  const res = useQuickSearch(q, enabled);
  const data = enabled ? res.data : undefined;
  return (
    <Card title="Quick search" size="small" data-testid="quick-search">
      <Input
        allowClear
        size="large"
        prefix={<SearchOutlined />}
        aria-label="Quick search"
        placeholder="Invoice number, customer name or permit (3+ characters)"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {res.error && enabled && (
        <Alert type="error" showIcon title={errorMessage(res.error)} style={{ marginTop: 12 }} />
      )}
      {data && (
        <div style={{ marginTop: 12 }}>
          {data.invoices.length === 0 && data.customers.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`Nothing found for "${q}"`} />
          )}
          {data.invoices.length > 0 && (
            <FoundList
              icon={<FileTextOutlined />}
              title="Invoices"
              items={data.invoices}
              renderItem={(inv) => (
                <List.Item
                  extra={<span className="money">{formatMoney(inv.total)}</span>}
                  data-testid="quick-search-invoice"
                >
                  <Link to={`/invoice/${encodeURIComponent(displayNumber(inv))}`}>#{displayNumber(inv)}</Link>
                  <Text style={{ marginLeft: 8 }}>{inv.customer_name}</Text>
                  <Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                    {formatDate(inv.invoiced_at)}
                  </Text>
                </List.Item>
              )}
            />
          )}
          {data.customers.length > 0 && (
            <FoundList
              icon={<TeamOutlined />}
              title="Customers"
              items={data.customers}
              renderItem={(c) => (
                <List.Item
                  data-testid="quick-search-customer"
                  actions={[
                    <Link key="inv" to={`/invoice?customerId=${c.id}`}>
                      Invoices
                    </Link>,
                    <Link key="new" to={`/invoice/create?customerId=${c.id}`}>
                      New invoice
                    </Link>,
                  ]}
                >
                  <Link to={`/customer/${c.id}/edit`}>{c.name}</Link>
                  <Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                    {c.tabc_id} · {c.city}
                  </Text>
                </List.Item>
              )}
            />
          )}
        </div>
      )}
    </Card>
  );
}

function RecentInvoices() {
  const { data = [], isLoading, error } = useRecentInvoices();
  return (
    <Card
      title="Recent invoices"
      size="small"
      extra={<Link to="/invoice">All invoices</Link>}
      data-testid="recent-invoices"
    >
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <List
        size="small"
        loading={isLoading}
        dataSource={data}
        locale={{ emptyText: 'No invoices yet' }}
        renderItem={(inv: InvoiceListRow) => (
          <List.Item extra={<strong className="money">{formatMoney(inv.total)}</strong>}>
            <Flex gap={8} align="center" wrap style={{ minWidth: 0 }}>
              <Link to={`/invoice/${encodeURIComponent(displayNumber(inv))}`}>#{displayNumber(inv)}</Link>
              <Text ellipsis style={{ maxWidth: 220 }}>
                {inv.customer_name}
              </Text>
              <InvoiceStatusTag status={inv.status} />
              <Text type="secondary" style={{ fontSize: 12 }}>
                {formatDate(inv.invoiced_at)}
              </Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

type Range = 'This Month' | 'Last Month' | 'Last 3 Months';

/**
 * Decision (spec silent on the exact bounds): This Month = 1st of this month to its last day;
 * Last Month = the previous calendar month; Last 3 Months = 1st of the month two months back
 * to today (this month and the two before it).
 */
export function statsRange(range: Range, today = todayInTexas()): { from: string; to: string } {
  const first = `${today.slice(0, 8)}01`;
  const monthStart = (d: string, back: number) => {
    let y = Number(d.slice(0, 4));
    let m = Number(d.slice(5, 7)) - back;
    while (m < 1) {
      m += 12;
      y -= 1;
    }
    return `${y}-${String(m).padStart(2, '0')}-01`;
  };
  const nextMonthStart = (d: string) => `${addDays(d, 32).slice(0, 8)}01`;
  if (range === 'Last Month') {
    const from = monthStart(first, 1);
    return { from, to: addDays(first, -1) };
  }
  if (range === 'Last 3 Months') return { from: monthStart(first, 2), to: today };
  return { from: first, to: addDays(nextMonthStart(first), -1) };
}

function CompanyStats() {
  const { message } = App.useApp();
  const [range, setRange] = useState<Range>('This Month');
  const { from, to } = statsRange(range);
  const res = useCompanyStats(from, to);
  useEffect(() => {
    if (res.error) message.error({ content: 'Error occurred while getting stats.', duration: 3 });
  }, [res.error, message]);
  const s = res.data;
  return (
    <Card
      title="Company stats"
      size="small"
      data-testid="company-stats"
      extra={
        <Segmented<Range> options={['This Month', 'Last Month', 'Last 3 Months']} value={range} onChange={setRange} />
      }
    >
      <Text type="secondary" style={{ fontSize: 12 }}>
        {formatDate(from)} – {formatDate(to)}
      </Text>
      {res.error && (
        <Alert type="error" showIcon title="Error occurred while getting stats." style={{ margin: '8px 0' }} />
      )}
      <Row gutter={16} style={{ margin: '8px 0 16px' }}>
        <Col span={8}>
          <Statistic title="Customers" value={s?.customerCount ?? 0} loading={res.isLoading} />
        </Col>
        <Col span={8}>
          <Statistic title="Invoices" value={s?.invoiceCount ?? 0} loading={res.isLoading} />
        </Col>
        <Col span={8}>
          <Statistic
            title="Invoice total"
            value={formatMoney(s?.invoiceTotal ?? 0)}
            loading={res.isLoading}
            styles={{ content: { fontVariantNumeric: 'tabular-nums' } }}
          />
        </Col>
      </Row>
      <Table
        size="small"
        rowKey={(r) => String(r.product_id ?? r.product)}
        dataSource={s?.productStats ?? []}
        loading={res.isFetching}
        pagination={{ pageSize: 5, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: 'No products invoiced in this period' }}
        columns={[
          {
            title: 'Product',
            render: (_, r) =>
              r.product_id ? (
                <Link to={`/product/${r.product_id}`}>
                  {r.product} {r.product_size}
                </Link>
              ) : (
                `${r.product} ${r.product_size ?? ''}`
              ),
          },
          { title: 'Qty', dataIndex: 'total_qty', align: 'right', width: 80 },
          {
            title: 'Amount',
            dataIndex: 'total_amount',
            align: 'right',
            width: 120,
            render: (v) => <span className="money">{formatMoney(v)}</span>,
          },
          { title: 'Invoices', dataIndex: 'total_invoices', align: 'right', width: 90 },
          {
            title: 'Last invoice',
            dataIndex: 'invoice',
            width: 110,
            render: (v: string | null) => (v ? <Link to={`/invoice/${encodeURIComponent(v)}`}>#{v}</Link> : null),
          },
        ]}
      />
    </Card>
  );
}

export const dashboardWidgets: DashboardWidget[] = [
  { key: 'quick-search', order: 20, span: 12, Component: QuickSearch },
  { key: 'recent-invoices', order: 30, span: 12, Component: RecentInvoices },
  { key: 'company-stats', order: 40, span: 24, Component: CompanyStats },
];
