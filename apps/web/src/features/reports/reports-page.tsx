import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import {
  REPORT_MSG,
  type SalesGroup,
  type SalesReport,
  type SalesRow,
  type StampsReport,
  type StampsRow,
  twelveMonthsBack,
} from '@dbo/domain/report';
import { todayInTexas } from '@dbo/domain/dates';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, DatePicker, Flex, Row, Segmented, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { FeatureGate } from '../../app/feature-gate';
import { useSession } from '../../app/session';
import { downloadBlob, errorMessage, http } from '../../lib/api';
import { Page } from '../../lib/page';
import { queryKeys } from '../../lib/query-keys';
import { reportCsv } from './csv';
import { type ComparisonRange, defaultPeriods, isFuture, periodOf } from './periods';

const { Text } = Typography;
const COLORS = ['#8b1e3f', '#1677ff', '#d48806', '#389e0d', '#722ed1', '#13c2c2'];
const money2 = (n: number) => n.toFixed(2);

interface Stats {
  invoiceTotal: number;
  orderTotal: number;
}

/** Two periods side by side (Monthly by default): invoice total and, with orders, order total. */
function Comparison() {
  const { message } = App.useApp();
  const { feature } = useSession();
  const [range, setRange] = useState<ComparisonRange>('Monthly');
  const [days, setDays] = useState<[Dayjs, Dayjs]>(() => defaultPeriods('Monthly'));
  const periods = days.map((d) => periodOf(range, d));
  const results = useQueries({
    queries: periods.map((p) => ({
      queryKey: queryKeys.company.statsRange(p.from, p.to),
      queryFn: () => http.get<Stats>('/company/stats', { from: p.from, to: p.to }),
      retry: false,
    })),
  });
  const failed = results.some((r) => r.isError);
  useEffect(() => {
    if (failed) message.error({ content: REPORT_MSG.statsError, duration: 3 });
  }, [failed, message]);
  const generatedAt = Math.max(...results.map((r) => r.dataUpdatedAt));
  const data = periods.map((p, i) => ({
    period: p.label,
    invoiceTotal: results[i].data?.invoiceTotal ?? 0,
    orderTotal: results[i].data?.orderTotal ?? 0,
  }));
  const charts: { key: 'invoiceTotal' | 'orderTotal'; title: string }[] = [
    { key: 'invoiceTotal', title: 'Invoice total' },
    ...(feature('order') ? [{ key: 'orderTotal' as const, title: 'Order total' }] : []),
  ];
  const picker = range === 'Monthly' ? 'month' : 'week';
  return (
    <Card
      title="Comparison"
      data-testid="comparison"
      extra={
        <Flex gap={8} align="center" wrap>
          {generatedAt > 0 && (
            <Text type="secondary" data-testid="generated-at">
              Generated at {formatDateTime(new Date(generatedAt))}
            </Text>
          )}
          <Button
            icon={<ReloadOutlined />}
            loading={results.some((r) => r.isFetching)}
            onClick={() => {
              for (const r of results) void r.refetch();
            }}
          >
            Refresh
          </Button>
        </Flex>
      }
    >
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Segmented<ComparisonRange>
          aria-label="Comparison range"
          options={['Monthly', 'Weekly']}
          value={range}
          onChange={(v) => {
            setRange(v);
            setDays(defaultPeriods(v));
          }}
        />
        {days.map((d, i) => (
          <DatePicker
            // biome-ignore lint/suspicious/noArrayIndexKey: the two pickers are fixed
            key={i}
            picker={picker}
            allowClear={false}
            aria-label={i === 0 ? 'First period' : 'Second period'}
            value={d}
            disabledDate={(x) => isFuture(x)}
            onChange={(v) => v && setDays((prev) => (i === 0 ? [v, prev[1]] : [prev[0], v]))}
          />
        ))}
      </Flex>
      {failed && <Alert type="error" showIcon title={REPORT_MSG.statsError} style={{ marginBottom: 12 }} />}
      <Row gutter={[16, 16]}>
        {charts.map((c) => (
          <Col xs={24} md={12} key={c.key}>
            <figure style={{ margin: 0 }} data-testid={`chart-${c.key}`} aria-label={c.title}>
              <figcaption>
                <Text strong>{c.title}</Text>
              </figcaption>
              <ResponsiveContainer width="100%" height={240}>
                <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="period" />
                  <YAxis />
                  <Tooltip formatter={(v) => formatMoney(Number(v))} />
                  <Bar dataKey={c.key} name={c.title} fill={COLORS[0]} minPointSize={2} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
              <Flex gap={24} justify="center">
                {data.map((d) => (
                  <Text key={d.period} data-testid={`${c.key}-value`}>
                    {d.period}: <span className="money">{formatMoney(d[c.key])}</span>
                  </Text>
                ))}
              </Flex>
            </figure>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

// ---- the four reports -----------------------------------------------------------------------------

type RangeValue = [string, string];

function RangeBar({
  label,
  value,
  onChange,
  onExport,
  exportDisabled,
}: {
  label: string;
  value: RangeValue;
  onChange: (v: RangeValue) => void;
  onExport: () => void;
  exportDisabled: boolean;
}) {
  return (
    <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
      <DatePicker.RangePicker
        aria-label={`${label} date range`}
        allowClear={false}
        value={[dayjs(value[0]), dayjs(value[1])]}
        format="DD MMM, YYYY"
        onChange={(v) => {
          if (v?.[0] && v[1]) onChange([v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')]);
        }}
      />
      <Button icon={<DownloadOutlined />} onClick={onExport} disabled={exportDisabled}>
        Export CSV
      </Button>
    </Flex>
  );
}

const defaultRange = (): RangeValue => {
  const today = todayInTexas();
  return [twelveMonthsBack(today), today];
};

function useSales(groupBy: SalesGroup, range: RangeValue) {
  return useQuery({
    queryKey: queryKeys.reports.sales(groupBy, range[0], range[1]),
    queryFn: () => http.get<SalesReport>('/report/sales', { from: range[0], to: range[1], groupBy }),
    retry: false,
  });
}

const downloadCsv = (name: string, range: RangeValue, csv: string) =>
  downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${name}_${range[0]}_${range[1]}.csv`);

const moneyCol = (title: string, key: keyof SalesRow) => ({
  title,
  dataIndex: key,
  key,
  align: 'right' as const,
  render: (v: number) => <span className="money">{formatMoney(v)}</span>,
});

interface SalesConfig {
  groupBy: 'product' | 'customer';
  label: string;
  file: string;
  columns: ColumnsType<SalesRow>;
  csvHeaders: string[];
  csvRow: (r: SalesRow) => unknown[];
  csvTotals: (t: SalesReport['totals']) => unknown[];
  summary: (t: SalesReport['totals']) => React.ReactNode;
}

const SALES_CONFIG: Record<'product' | 'customer', SalesConfig> = {
  product: {
    groupBy: 'product',
    label: 'Sales by product',
    file: 'sales_by_product',
    columns: [
      { title: 'Product', dataIndex: 'label', key: 'label' },
      { title: 'Type', dataIndex: 'product_type', key: 'product_type' },
      { title: 'Size', dataIndex: 'product_size', key: 'product_size' },
      { title: 'Units', dataIndex: 'units', key: 'units', align: 'right' },
      { title: 'Invoices', dataIndex: 'invoices', key: 'invoices', align: 'right' },
      moneyCol('Amount', 'amount'),
    ],
    csvHeaders: ['Product', 'Type', 'Size', 'Units', 'Invoices', 'Amount'],
    csvRow: (r) => [r.label, r.product_type, r.product_size, r.units, r.invoices, money2(r.amount)],
    csvTotals: (t) => ['Total', '', '', t.units, t.invoices, money2(t.sub_total)],
    summary: (t) => `Total: ${t.units} units, ${formatMoney(t.sub_total)} before tax`,
  },
  customer: {
    groupBy: 'customer',
    label: 'Sales by customer',
    file: 'sales_by_customer',
    columns: [
      { title: 'Customer', dataIndex: 'label', key: 'label' },
      { title: 'Invoices', dataIndex: 'invoices', key: 'invoices', align: 'right' },
      { title: 'Units', dataIndex: 'units', key: 'units', align: 'right' },
      moneyCol('Subtotal', 'sub_total'),
      moneyCol('Tax', 'tax_total'),
      moneyCol('Amount', 'amount'),
      moneyCol('Average invoice', 'average'),
    ],
    csvHeaders: ['Customer', 'Invoices', 'Units', 'Subtotal', 'Tax', 'Amount', 'Average invoice'],
    csvRow: (r) => [
      r.label,
      r.invoices,
      r.units,
      money2(r.sub_total),
      money2(r.tax_total),
      money2(r.amount),
      money2(r.average),
    ],
    csvTotals: (t) => [
      'Total',
      t.invoices,
      t.units,
      money2(t.sub_total),
      money2(t.tax_total),
      money2(t.total),
      money2(t.average),
    ],
    summary: (t) => `Total: ${t.invoices} invoices, ${formatMoney(t.total)}, average ${formatMoney(t.average)}`,
  },
};

function SalesReportCard({ config }: { config: SalesConfig }) {
  const [range, setRange] = useState<RangeValue>(defaultRange);
  const res = useSales(config.groupBy, range);
  const rows = res.data?.rows ?? [];
  const totals = res.data?.totals;
  const chart = rows.slice(0, 20).map((r) => ({ name: r.label, amount: r.amount }));
  return (
    <section aria-label={config.label}>
      <RangeBar
        label={config.label}
        value={range}
        onChange={setRange}
        exportDisabled={!totals}
        onExport={() =>
          totals &&
          downloadCsv(
            config.file,
            range,
            reportCsv(config.csvHeaders, rows.map(config.csvRow), config.csvTotals(totals)),
          )
        }
      />
      {res.error && <Alert type="error" showIcon title={errorMessage(res.error)} style={{ marginBottom: 12 }} />}
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={chart} margin={{ top: 8, right: 8, bottom: 48, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" interval={0} angle={-30} textAnchor="end" height={60} tick={{ fontSize: 11 }} />
          <YAxis />
          <Tooltip formatter={(v) => formatMoney(Number(v))} />
          <Bar dataKey="amount" name="Amount" fill={COLORS[0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      {totals && (
        <Text strong data-testid="report-totals">
          {config.summary(totals)}
        </Text>
      )}
      <Table<SalesRow>
        size="small"
        rowKey="key"
        loading={res.isLoading}
        columns={config.columns}
        dataSource={rows}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        style={{ marginTop: 12 }}
      />
    </section>
  );
}

const TYPE_KEYS = ['Liquor', 'Wine', 'Beer', 'Other'];

function SalesByTypeCard() {
  const [range, setRange] = useState<RangeValue>(defaultRange);
  const res = useSales('type', range);
  const rows = res.data?.rows ?? [];
  const totals = res.data?.totals;
  const chart = useMemo(() => {
    const byMonth = new Map<string, Record<string, number | string>>();
    for (const r of rows) {
      const m = r.month ?? '';
      const entry = byMonth.get(m) ?? { month: m };
      entry[r.label] = r.amount;
      byMonth.set(m, entry);
    }
    return [...byMonth.values()];
  }, [rows]);
  return (
    <section aria-label="Sales by product type">
      <RangeBar
        label="Sales by product type"
        value={range}
        onChange={setRange}
        exportDisabled={!totals}
        onExport={() =>
          totals &&
          downloadCsv(
            'sales_by_type',
            range,
            reportCsv(
              ['Month', 'Type', 'Units', 'Invoices', 'Amount'],
              rows.map((r) => [r.month, r.label, r.units, r.invoices, money2(r.amount)]),
              ['Total', '', totals.units, totals.invoices, money2(totals.sub_total)],
            ),
          )
        }
      />
      {res.error && <Alert type="error" showIcon title={errorMessage(res.error)} style={{ marginBottom: 12 }} />}
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={chart} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" />
          <YAxis />
          <Tooltip formatter={(v) => formatMoney(Number(v))} />
          <Legend />
          {TYPE_KEYS.map((k, i) => (
            <Bar key={k} dataKey={k} stackId="t" fill={COLORS[i]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
      {totals && (
        <Text strong data-testid="report-totals">
          Total: {totals.units} units, {formatMoney(totals.sub_total)} before tax
        </Text>
      )}
      <Table<SalesRow>
        size="small"
        rowKey="key"
        loading={res.isLoading}
        columns={[
          { title: 'Month', dataIndex: 'month', key: 'month' },
          { title: 'Type', dataIndex: 'label', key: 'label' },
          { title: 'Units', dataIndex: 'units', key: 'units', align: 'right' },
          { title: 'Invoices', dataIndex: 'invoices', key: 'invoices', align: 'right' },
          moneyCol('Amount', 'amount'),
        ]}
        dataSource={rows}
        pagination={{ pageSize: 48, hideOnSinglePage: true }}
        style={{ marginTop: 12 }}
      />
    </section>
  );
}

function StampsCard() {
  const [range, setRange] = useState<RangeValue>(defaultRange);
  const res = useQuery({
    queryKey: queryKeys.reports.stamps(range[0], range[1]),
    queryFn: () => http.get<StampsReport>('/report/stamps', { from: range[0], to: range[1] }),
    retry: false,
  });
  const rows = res.data?.rows ?? [];
  const totals = rows.reduce((t, r) => ({ invoiced: t.invoiced + r.invoiced, destroyed: t.destroyed + r.destroyed }), {
    invoiced: 0,
    destroyed: 0,
  });
  const rolls = [...new Set(rows.map((r) => r.roll))];
  const chart = useMemo(() => {
    const byMonth = new Map<string, Record<string, number | string>>();
    for (const r of rows) {
      const entry = byMonth.get(r.month) ?? { month: r.month };
      entry[r.roll] = r.invoiced;
      byMonth.set(r.month, entry);
    }
    return [...byMonth.values()];
  }, [rows]);
  return (
    <section aria-label="Stamps used">
      <RangeBar
        label="Stamps used"
        value={range}
        onChange={setRange}
        exportDisabled={!res.data}
        onExport={() =>
          downloadCsv(
            'stamps_used',
            range,
            reportCsv(
              ['Month', 'Roll', 'Invoiced', 'Destroyed'],
              rows.map((r) => [r.month, r.roll, r.invoiced, r.destroyed]),
              ['Total', '', totals.invoiced, totals.destroyed],
            ),
          )
        }
      />
      {res.error && <Alert type="error" showIcon title={errorMessage(res.error)} style={{ marginBottom: 12 }} />}
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={chart} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          {rolls.map((k, i) => (
            <Bar key={k} dataKey={k} stackId="r" fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
      {res.data && (
        <Text strong data-testid="report-totals">
          Total: {totals.invoiced} stamps on invoices, {totals.destroyed} destroyed
        </Text>
      )}
      <Table<StampsRow>
        size="small"
        rowKey={(r) => `${r.month}-${r.roll_id}`}
        loading={res.isLoading}
        columns={[
          { title: 'Month', dataIndex: 'month', key: 'month' },
          { title: 'Roll', dataIndex: 'roll', key: 'roll' },
          { title: 'On invoices', dataIndex: 'invoiced', key: 'invoiced', align: 'right' },
          { title: 'Destroyed', dataIndex: 'destroyed', key: 'destroyed', align: 'right' },
        ]}
        dataSource={rows}
        pagination={{ pageSize: 48, hideOnSinglePage: true }}
        style={{ marginTop: 12 }}
      />
    </section>
  );
}

function ReportsContent() {
  return (
    <Page title="Reports">
      <Flex vertical gap={24}>
        <Comparison />
        <Card title="Sales and stamps">
          <Text type="secondary" style={{ display: 'block', marginBottom: 12 }}>
            Cancelled and draft invoices are not counted. Amounts by product and type are line totals before tax;
            amounts by customer are invoice totals with tax.
          </Text>
          <Tabs
            destroyOnHidden
            items={[
              {
                key: 'product',
                label: 'Sales by product',
                children: <SalesReportCard config={SALES_CONFIG.product} />,
              },
              {
                key: 'customer',
                label: 'Sales by customer',
                children: <SalesReportCard config={SALES_CONFIG.customer} />,
              },
              { key: 'type', label: 'Sales by product type', children: <SalesByTypeCard /> },
              { key: 'stamps', label: 'Stamps used', children: <StampsCard /> },
            ]}
          />
        </Card>
      </Flex>
    </Page>
  );
}

export default function ReportsPage() {
  return (
    <FeatureGate name="reports">
      <ReportsContent />
    </FeatureGate>
  );
}
