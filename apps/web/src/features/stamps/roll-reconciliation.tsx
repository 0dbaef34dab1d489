import { DESTROY_REASON_LABEL, DESTROY_REASONS, type RollReconciliation } from '@dbo/domain/stamp-record';
import { Alert, Card, Table, Tag } from 'antd';
import { errorMessage } from '../../lib/api';
import { useRollReconciliation } from './api';

/** dark red on the light red row: well above 4.5:1 */
const BAD = { color: '#a8071a', background: '#fff1f0' };

/**
 * Per roll: received, affixed, destroyed by reason and on hand, and whether they add up to the
 * roll's size. A roll that does not (it never should) is shown in red.
 */
export function RollReconciliationCard() {
  const rec = useRollReconciliation();
  const rows = rec.data?.rows ?? [];
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Roll Reconciliation</h2>}>
      {rec.isError && <Alert type="error" showIcon title={errorMessage(rec.error)} />}
      {rec.data && !rec.data.balanced && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="A roll does not add up: its stamps affixed, destroyed and on hand differ from its size"
        />
      )}
      <Table<RollReconciliation>
        rowKey="roll_id"
        size="small"
        loading={rec.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: 'No roll found' }}
        data-testid="reconciliation-table"
        onRow={(r) => ({ style: r.balanced ? undefined : BAD, 'data-balanced': String(r.balanced) })}
        columns={[
          { title: 'Roll', dataIndex: 'serials', render: (s: string) => <strong>{s}</strong> },
          { title: 'Received', dataIndex: 'size', align: 'right' },
          { title: 'Affixed', dataIndex: 'affixed', align: 'right' },
          ...DESTROY_REASONS.map((reason) => ({
            title: DESTROY_REASON_LABEL[reason],
            key: reason,
            align: 'right' as const,
            render: (_: unknown, r: RollReconciliation) => r.destroyed[reason],
          })),
          { title: 'On Hand', dataIndex: 'on_hand', align: 'right' },
          {
            title: 'Adds Up',
            key: 'balanced',
            render: (_, r) =>
              r.balanced ? (
                <Tag color="green">Yes</Tag>
              ) : (
                <Tag color="red">
                  No: {r.accounted} of {r.size}
                </Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}
