import { DownloadOutlined } from '@ant-design/icons';
import { formatDate, todayInTexas } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { AGING_BUCKETS, AGING_BUCKET_LABELS, type AgingBucket } from '@dbo/domain/receivables';
import { Alert, Button, Card, Flex, Form, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { downloadBlob, errorMessage } from '../../lib/api';
import { Chart, NoDataYet } from '../../lib/charts';
import { Page } from '../../lib/page';
import { type AgingRow, useAging } from './api';
import { agingCsv } from './csv';
import { DayPicker } from '../../lib/day-picker';

// dark enough for text on white (>= 4.5:1) and told apart in the stacked bars
const COLORS: Record<AgingBucket, string> = {
  current: '#237804',
  d1_30: '#ad6800',
  d31_60: '#d4380d',
  d61_90: '#a8071a',
  over_90: '#520339',
};
const CHART_CUSTOMERS = 15;

/** /receivables: who owes what and since when, as of a day (default today in Texas). */
export default function AgingPage() {
  const [asOf, setAsOf] = useState(todayInTexas());
  const [filter, setFilter] = useState('');
  const aging = useAging(asOf);
  const rows = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (aging.data?.rows ?? []).filter((r) => !f || r.customer.toLowerCase().includes(f));
  }, [aging.data, filter]);
  // no open balance at all (a filter that matches nobody still draws the chart's frame)
  const nothingOwed = aging.data?.rows.length === 0;

  const columns: ColumnsType<AgingRow> = [
    {
      title: 'Customer',
      dataIndex: 'customer',
      sorter: (a, b) => a.customer.localeCompare(b.customer),
      render: (v: string, r) => <Link to={`/customer/${r.customer_id}/receivables`}>{v}</Link>,
    },
    ...AGING_BUCKETS.map((b) => ({
      title: AGING_BUCKET_LABELS[b],
      dataIndex: b,
      align: 'right' as const,
      sorter: (x: AgingRow, y: AgingRow) => x[b] - y[b],
      render: (v: number) => (v ? formatMoney(v) : '—'),
    })),
    {
      title: 'Total',
      dataIndex: 'total',
      align: 'right',
      defaultSortOrder: 'descend',
      sorter: (a, b) => a.total - b.total,
      render: (v: number) => <strong>{formatMoney(v)}</strong>,
    },
  ];

  const exportCsv = () => {
    if (!aging.data) return;
    downloadBlob(new Blob([agingCsv(rows, aging.data.totals)], { type: 'text/csv' }), `aging-${asOf}.csv`);
  };

  return (
    <Page
      title="Receivables"
      actions={
        <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={!aging.data}>
          CSV
        </Button>
      }
    >
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="As of" htmlFor="aging-as-of">
          <DayPicker id="aging-as-of" value={asOf} onChange={setAsOf} />
        </Form.Item>
        <Form.Item label="Customer" htmlFor="aging-filter">
          <Input
            id="aging-filter"
            allowClear
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Filter by name"
          />
        </Form.Item>
      </Form>
      {aging.error && <Alert type="error" showIcon title={errorMessage(aging.error)} style={{ marginBottom: 12 }} />}
      <Card size="small" title="Open balance by days past due" style={{ marginBottom: 16 }}>
        <div
          style={{ width: '100%', height: 280 }}
          {...(nothingOwed
            ? {}
            : { role: 'img', 'aria-label': "Stacked bar chart of each customer's open balance by aging bucket" })}
        >
          {nothingOwed ? (
            // nothing owed at all: say so instead of drawing empty axes (issue 36)
            <NoDataYet height="100%" />
          ) : (
            <Chart height="100%">
              {(R) => (
                <R.ResponsiveContainer>
                  <R.BarChart data={[...rows].sort((a, b) => b.total - a.total).slice(0, CHART_CUSTOMERS)}>
                    <R.CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <R.XAxis
                      dataKey="customer"
                      tick={{ fontSize: 11 }}
                      interval={0}
                      angle={-20}
                      textAnchor="end"
                      height={60}
                    />
                    <R.YAxis />
                    <R.Tooltip formatter={(v) => formatMoney(Number(v))} />
                    {/* the buckets' own order, as the table's columns (Recharts sorts by label unless told) */}
                    <R.Legend itemSorter={(item) => AGING_BUCKETS.indexOf(item.dataKey as AgingBucket)} />
                    {AGING_BUCKETS.map((b) => (
                      <R.Bar
                        key={b}
                        dataKey={b}
                        name={AGING_BUCKET_LABELS[b]}
                        stackId="aging"
                        fill={COLORS[b]}
                        isAnimationActive={false}
                      />
                    ))}
                  </R.BarChart>
                </R.ResponsiveContainer>
              )}
            </Chart>
          )}
        </div>
      </Card>
      <Table<AgingRow>
        size="small"
        rowKey="customer_id"
        loading={aging.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        summary={() =>
          aging.data ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <strong>Total</strong>
              </Table.Summary.Cell>
              {[...AGING_BUCKETS, 'total' as const].map((b, i) => (
                <Table.Summary.Cell index={i + 1} key={b} align="right">
                  <strong data-testid={`aging-total-${b}`}>{formatMoney(aging.data.totals[b])}</strong>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
      <Flex style={{ marginTop: 8 }}>
        As of {formatDate(asOf)}: invoices past their due date (no due date: the invoice date).
      </Flex>
    </Page>
  );
}
