import type { StampsRow } from '@dbo/domain/report';
import { Table } from 'antd';
import { useMemo, useState } from 'react';
import { useStampsReport } from './api';
import { defaultRange, MonthlyStackedBars, pivotByMonth, type RangeValue, ReportFrame, Text } from './report-parts';

export function StampsCard() {
  const [range, setRange] = useState<RangeValue>(defaultRange);
  const res = useStampsReport(range);
  const rows = res.data?.rows ?? [];
  const totals = rows.reduce((t, r) => ({ invoiced: t.invoiced + r.invoiced, destroyed: t.destroyed + r.destroyed }), {
    invoiced: 0,
    destroyed: 0,
  });
  const rolls = [...new Set(rows.map((r) => r.roll))];
  const chart = useMemo(() => pivotByMonth(rows, (r) => [r.month, r.roll, r.invoiced]), [rows]);
  return (
    <ReportFrame
      label="Stamps used"
      range={range}
      onRange={setRange}
      error={res.error}
      csv={
        res.data && {
          file: 'stamps_used',
          headers: ['Month', 'Roll', 'Invoiced', 'Destroyed'],
          rows: rows.map((r) => [r.month, r.roll, r.invoiced, r.destroyed]),
          totals: ['Total', '', totals.invoiced, totals.destroyed],
        }
      }
    >
      <MonthlyStackedBars data={chart} series={rolls} />
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
    </ReportFrame>
  );
}
