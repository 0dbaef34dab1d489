import type { Reconciliation } from './api';
import { formatMoney } from '@dbo/domain/money';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { errorMessage } from '../../lib/api';

type Row = Reconciliation[number];

/**
 * Day-end: per driver, the cash and the checks to hand in against what the COD invoices of their
 * routes were owed, what is short, the stops still open, and the goods credited back at the door.
 */
export function ReconciliationCard({ date, query }: { date: string; query: UseQueryResult<Reconciliation> }) {
  const rows = query.data ?? [];
  const columns: ColumnsType<Row> = [
    { title: 'Driver', dataIndex: 'driver_name', render: (v: string) => v || 'No driver' },
    { title: 'Routes', dataIndex: 'routes', align: 'right', width: 80 },
    { title: 'COD expected', dataIndex: 'cod_expected', align: 'right', render: (v: number) => formatMoney(v) },
    { title: 'Cash', dataIndex: 'cash', align: 'right', render: (v: number) => formatMoney(v) },
    { title: 'Checks', dataIndex: 'checks', align: 'right', render: (v: number) => formatMoney(v) },
    {
      title: 'Short',
      dataIndex: 'short',
      align: 'right',
      render: (v: number) => (v > 0 ? <Tag color="red">{formatMoney(v)}</Tag> : formatMoney(0)),
    },
    { title: 'Stops open', dataIndex: 'stops_open', align: 'right', width: 100 },
    { title: 'Returns (credit memos)', dataIndex: 'returns', align: 'right', render: (v: number) => formatMoney(v) },
  ];
  const total = (k: 'cod_expected' | 'cash' | 'checks' | 'short' | 'returns') =>
    rows.reduce((s, r) => s + Math.round(r[k] * 100), 0) / 100;

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          Day-end reconciliation
        </Typography.Title>
      }
      data-testid="reconciliation"
    >
      {query.error ? (
        <Alert type="error" showIcon message={errorMessage(query.error)} />
      ) : (
        <Table<Row>
          size="small"
          rowKey={(r) => String(r.driver_user_id ?? 'none')}
          loading={query.isLoading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: `Nothing to reconcile on ${date}` }}
          summary={() =>
            rows.length > 1 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <strong>All drivers</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {formatMoney(total('cod_expected'))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {formatMoney(total('cash'))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {formatMoney(total('checks'))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {formatMoney(total('short'))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} />
                <Table.Summary.Cell index={7} align="right">
                  {formatMoney(total('returns'))}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      )}
      {rows
        .filter((r) => r.check_list.length > 0 || r.return_list.length > 0)
        .map((r) => (
          <section key={String(r.driver_user_id ?? 'none')} style={{ marginTop: 12 }}>
            <Typography.Title level={3} style={{ fontSize: 14, margin: '0 0 4px' }}>
              {r.driver_name || 'No driver'}
            </Typography.Title>
            <Details row={r} />
          </section>
        ))}
    </Card>
  );
}

function Details({ row }: { row: Row }) {
  return (
    <div style={{ display: 'flex', gap: 32, flexWrap: 'wrap' }}>
      {row.check_list.length > 0 && (
        <div>
          <Typography.Text strong>Checks to hand in</Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {row.check_list.map((c) => (
              <li key={`${c.invoice}-${c.reference}`}>
                Invoice {c.invoice}: check #{c.reference}, {formatMoney(c.amount)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {row.return_list.length > 0 && (
        <div>
          <Typography.Text strong>Back on the truck (credit memos)</Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {row.return_list.map((c) => (
              <li key={c.invoice}>
                Invoice {c.invoice}: {formatMoney(c.amount)}
                {c.reason ? ` (${c.reason})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
