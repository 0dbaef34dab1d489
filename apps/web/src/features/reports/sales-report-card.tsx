import { productTypeLabel } from '@dbo/domain/constants';
import { formatMoney } from '@dbo/domain/money';
import type { SalesReport, SalesRow } from '@dbo/domain/report';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Chart, NoDataYet } from '../../lib/charts';
import { COLORS, defaultRange, money2, moneyCol, type RangeValue, ReportFrame, Text } from './report-parts';
import { useSales } from './api';

/** Bars shown: the top of the list (the table below has them all). */
const CHART_ROWS = 20;
const BAR_ROW_HEIGHT = 30;

/**
 * A bar's name: a product's size with its name (two sizes of one product are two bars, issue 36),
 * cut to fit beside the bar; the tooltip and the table give it whole.
 */
export function chartName(r: Pick<SalesRow, 'label' | 'product_size'>, max = 30): string {
  const full = r.product_size ? `${r.label} ${r.product_size}` : r.label;
  return full.length > max ? `${full.slice(0, max - 1)}…` : full;
}

export interface SalesConfig {
  groupBy: 'product' | 'customer';
  label: string;
  file: string;
  columns: ColumnsType<SalesRow>;
  csvHeaders: string[];
  csvRow: (r: SalesRow) => unknown[];
  csvTotals: (t: SalesReport['totals']) => unknown[];
  summary: (t: SalesReport['totals']) => React.ReactNode;
}

export const SALES_CONFIG: Record<'product' | 'customer', SalesConfig> = {
  product: {
    groupBy: 'product',
    label: 'Sales by product',
    file: 'sales_by_product',
    columns: [
      { title: 'Product', dataIndex: 'label', key: 'label' },
      {
        title: 'Type',
        dataIndex: 'product_type',
        key: 'product_type',
        render: (t: string | null) => (t ? productTypeLabel(t) : ''),
      },
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

export function SalesReportCard({ config }: { config: SalesConfig }) {
  const [range, setRange] = useState<RangeValue>(defaultRange);
  const res = useSales(config.groupBy, range);
  const rows = res.data?.rows ?? [];
  const totals = res.data?.totals;
  const chart = rows.slice(0, CHART_ROWS).map((r) => ({
    name: chartName(r),
    full: r.product_size ? `${r.label} ${r.product_size}` : r.label,
    amount: r.amount,
  }));
  return (
    <ReportFrame
      label={config.label}
      range={range}
      onRange={setRange}
      error={res.error}
      csv={
        totals && {
          file: config.file,
          headers: config.csvHeaders,
          rows: rows.map(config.csvRow),
          totals: config.csvTotals(totals),
        }
      }
    >
      {chart.length === 0 ? (
        res.isLoading ? null : (
          <NoDataYet />
        )
      ) : (
        // names down the side, bars across: a long name is never clipped by its neighbour or the edge
        <Chart height={Math.max(160, chart.length * BAR_ROW_HEIGHT + 40)}>
          {(R) => (
            <R.ResponsiveContainer width="100%" height={Math.max(160, chart.length * BAR_ROW_HEIGHT + 40)}>
              <R.BarChart data={chart} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
                <R.CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <R.XAxis type="number" tickFormatter={(v) => formatMoney(Number(v))} />
                <R.YAxis type="category" dataKey="name" width={290} interval={0} tick={{ fontSize: 12 }} />
                <R.Tooltip
                  formatter={(v) => formatMoney(Number(v))}
                  labelFormatter={(_, p) => String(p?.[0]?.payload?.full ?? '')}
                />
                <R.Bar dataKey="amount" name="Amount" fill={COLORS[0]} isAnimationActive={false} />
              </R.BarChart>
            </R.ResponsiveContainer>
          )}
        </Chart>
      )}
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
    </ReportFrame>
  );
}
