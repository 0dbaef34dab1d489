import { DownloadOutlined } from '@ant-design/icons';
import { formatMoney } from '@dbo/domain/money';
import { type SalesRow, twelveMonthsBack } from '@dbo/domain/report';
import { todayInTexas } from '@dbo/domain/dates';
import { Alert, Button, DatePicker, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { downloadCsvText, errorMessage } from '../../lib/api';
import { Chart, NoDataYet } from '../../lib/charts';
import type { RangeValue } from './api';
import { reportCsv } from './csv';

export const { Text } = Typography;
export const COLORS = ['#8b1e3f', '#1677ff', '#d48806', '#389e0d', '#722ed1', '#13c2c2'];
export const money2 = (n: number) => n.toFixed(2);

export type { RangeValue };

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

export const defaultRange = (): RangeValue => {
  const today = todayInTexas();
  return [twelveMonthsBack(today), today];
};

export const downloadCsv = (name: string, range: RangeValue, csv: string) =>
  downloadCsvText(csv, `${name}_${range[0]}_${range[1]}.csv`);

export const moneyCol = (title: string, key: keyof SalesRow) => ({
  title,
  dataIndex: key,
  key,
  align: 'right' as const,
  render: (v: number) => <span className="money">{formatMoney(v)}</span>,
});

/** What the report's Export button downloads (`<file>_<from>_<to>.csv`); none while it has no data. */
export interface ReportExport {
  file: string;
  headers: string[];
  rows: unknown[][];
  totals: unknown[];
}

/** A report's frame: its range and export bar, the load error, then the chart and table. */
export function ReportFrame({
  label,
  range,
  onRange,
  csv,
  error,
  children,
}: {
  label: string;
  range: RangeValue;
  onRange: (v: RangeValue) => void;
  csv: ReportExport | undefined;
  error: unknown;
  children: React.ReactNode;
}) {
  const onExport = () => csv && downloadCsv(csv.file, range, reportCsv(csv.headers, csv.rows, csv.totals));
  return (
    <section aria-label={label}>
      <RangeBar label={label} value={range} onChange={onRange} exportDisabled={!csv} onExport={onExport} />
      {error ? <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 12 }} /> : null}
      {children}
    </section>
  );
}

/** '2026-09' -> 'Sep 2026', as the rest of the product names months (issue 36). */
export function monthLabel(month: string | null | undefined): string {
  if (!month) return '';
  const d = dayjs(`${month.slice(0, 7)}-01`);
  return d.isValid() ? d.format('MMM YYYY') : month;
}

type MonthRow = Record<string, number | string>;

/** Rows of (month, series, value) -> one chart entry per month with a value per series. */
export function pivotByMonth<R>(rows: R[], cell: (r: R) => [month: string, series: string, value: number]): MonthRow[] {
  const byMonth = new Map<string, MonthRow>();
  for (const r of rows) {
    const [month, series, value] = cell(r);
    const entry = byMonth.get(month) ?? { month };
    entry[series] = value;
    byMonth.set(month, entry);
  }
  return [...byMonth.values()];
}

/** Months along the bottom, one stacked bar per series; amounts (`money`) or whole counts. */
export function MonthlyStackedBars({ data, series, money }: { data: MonthRow[]; series: string[]; money?: boolean }) {
  if (data.length === 0) return <NoDataYet />;
  return (
    <Chart height={280}>
      {(R) => (
        <R.ResponsiveContainer width="100%" height={280}>
          <R.BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <R.CartesianGrid strokeDasharray="3 3" vertical={false} />
            <R.XAxis dataKey="month" tickFormatter={(m) => monthLabel(String(m))} />
            <R.YAxis allowDecimals={!!money} />
            {money ? (
              <R.Tooltip formatter={(v) => formatMoney(Number(v))} labelFormatter={(m) => monthLabel(String(m))} />
            ) : (
              <R.Tooltip labelFormatter={(m) => monthLabel(String(m))} />
            )}
            <R.Legend />
            {series.map((k, i) => (
              <R.Bar key={k} dataKey={k} stackId="s" fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
            ))}
          </R.BarChart>
        </R.ResponsiveContainer>
      )}
    </Chart>
  );
}
