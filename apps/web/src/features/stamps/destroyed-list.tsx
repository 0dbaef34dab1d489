import { RollbackOutlined } from '@ant-design/icons';
import { formatDateTime } from '@dbo/domain/dates';
import { DESTROY_REASON_LABEL } from '@dbo/domain/stamp-record';
import { STAMP_MSG, rangeLabel } from '@dbo/domain/stamps';
import { Alert, App, Button, Flex, Popconfirm, Table, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { type DestroyedEntry, useDestroyedStamps, useUndoDestroy } from './api';

/**
 * The Destroyed Stamps tab of the stamp log: its own module, loaded when the tab is first opened or
 * the browser is idle, so the log (a grid) does not load antd's Table with it (issue 37).
 */
export function DestroyedList({ onUndone }: { onUndone: () => void }) {
  const { message } = App.useApp();
  const list = useDestroyedStamps();
  const [selected, setSelected] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const undo = useUndoDestroy((r) => {
    message.success(`${r.restored} stamp${r.restored === 1 ? ' is' : 's are'} available again`);
    setSelected([]);
    onUndone();
  });
  return (
    <>
      <Flex gap={12} align="center" style={{ marginBottom: 12 }}>
        <Popconfirm
          title="Undo destroy"
          description="The selected stamps become available again."
          onConfirm={() => {
            setError(null);
            undo.mutate(selected, { onError: (err) => setError(errorMessage(err)) });
          }}
          disabled={!selected.length}
        >
          <Button icon={<RollbackOutlined />} disabled={!selected.length} loading={undo.isPending}>
            Undo Destroy{selected.length ? ` (${selected.length})` : ''}
          </Button>
        </Popconfirm>
        <Typography.Text type="secondary">Select destroyed ranges to make them available again.</Typography.Text>
      </Flex>
      {error && (
        <Alert
          type="error"
          showIcon
          closable
          style={{ marginBottom: 12 }}
          title={STAMP_MSG.undoFailed}
          description={error === STAMP_MSG.undoFailed ? undefined : error}
        />
      )}
      {list.isError && (
        <Alert type="error" showIcon title="Something went wrong" description={errorMessage(list.error)} />
      )}
      <Table<DestroyedEntry>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{ pageSize: 25, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: 'No destroyed stamps' }}
        data-testid="destroyed-table"
        columns={[
          { title: 'Stamps', key: 'range', render: (_, r) => rangeLabel(r.prefix, r.from, r.to) },
          { title: 'Count', dataIndex: 'count' },
          {
            title: 'Reason',
            key: 'reason',
            render: (_, r) =>
              `${DESTROY_REASON_LABEL[r.reason] ?? r.reason}${r.replaces ? ` (replaces ${r.replaces})` : ''}`,
          },
          { title: 'Note', dataIndex: 'note' },
          { title: 'Destroyed', dataIndex: 'logged_at', render: (d: string) => formatDateTime(d) },
          { title: 'User', dataIndex: 'user' },
        ]}
      />
    </>
  );
}
