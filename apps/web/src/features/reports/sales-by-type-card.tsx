import { formatMoney } from '@dbo/domain/money';
import type { SalesRow } from '@dbo/domain/report';
import { Table } from 'antd';
import { useMemo, useState } from 'react';
import {
  defaultRange,
  money2,
  MonthlyStackedBars,
  monthLabel,
  moneyCol,
  pivotByMonth,
  type RangeValue,
  ReportFrame,
  Text,
} from './report-parts';
import { useSales } from './api';

const TYPE_KEYS = ['Liquor', 'Wine', 'Beer', 'Other'];

export function SalesByTypeCard() {
  const [range, setRange] = useState<RangeValue>(defaultRange);
  const res = useSales('type', range);
  const rows = res.data?.rows ?? [];
  const totals = res.data?.totals;
  const chart = useMemo(() => pivotByMonth(rows, (r) => [r.month ?? '', r.label, r.amount]), [rows]);
  return (
    <ReportFrame
      label="Sales by product type"
      range={range}
      onRange={setRange}
      error={res.error}
      csv={
        totals && {
          file: 'sales_by_type',
          headers: ['Month', 'Type', 'Units', 'Invoices', 'Amount'],
          rows: rows.map((r) => [r.month, r.label, r.units, r.invoices, money2(r.amount)]),
          totals: ['Total', '', totals.units, totals.invoices, money2(totals.sub_total)],
        }
      }
    >
      <MonthlyStackedBars data={chart} series={TYPE_KEYS} money />
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
          { title: 'Month', dataIndex: 'month', key: 'month', render: (m: string | null) => monthLabel(m) },
          { title: 'Type', dataIndex: 'label', key: 'label' },
          { title: 'Units', dataIndex: 'units', key: 'units', align: 'right' },
          { title: 'Invoices', dataIndex: 'invoices', key: 'invoices', align: 'right' },
          moneyCol('Amount', 'amount'),
        ]}
        dataSource={rows}
        pagination={{ pageSize: 48, hideOnSinglePage: true }}
        style={{ marginTop: 12 }}
      />
    </ReportFrame>
  );
}
