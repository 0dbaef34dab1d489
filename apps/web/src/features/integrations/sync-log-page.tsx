import { formatDateTime } from '@dbo/domain/dates';
import { POS_MSG } from '@dbo/domain/pos-sync';
import { Alert, Table } from 'antd';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { Page } from '../../lib/page';
import { type SyncLogAnswer, useSyncLog } from './api';
import { usePartner } from './partner';
import { partnerPage } from './partner-page';
import './integrations.css';

type Row = SyncLogAnswer[number];

/** Spec 2: /bottle-pos/{syncId} and /clover/{syncId}: Time, Type, Data message; error rows highlighted. */
function SyncLog() {
  const { partner, label, base } = usePartner();
  const { syncId = '' } = useParams();
  const log = useSyncLog(partner, syncId);
  return (
    <Page
      title={`${label} Sync Log`}
      actions={
        <Link to={base}>
          {/* a link styled as a button: one interactive element */}
          <span className="ant-btn ant-btn-default">
            <span>Back to sync history</span>
          </span>
        </Link>
      }
    >
      {log.isError ? (
        <Alert type="error" showIcon title={POS_MSG.historyError} description={errorMessage(log.error)} />
      ) : (
        <Table<Row>
          rowKey="id"
          size="small"
          loading={log.isLoading}
          dataSource={log.data ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          rowClassName={(r) => (r.success ? '' : 'sync-log-error')}
          columns={[
            { title: 'Time', dataIndex: 'createdAt', width: 200, render: (v: string) => formatDateTime(v) },
            {
              title: 'Type',
              dataIndex: 'type',
              width: 110,
              render: (t: string) => (t === 'product' ? 'Product' : 'Invoice'),
            },
            {
              title: 'Data',
              key: 'data',
              render: (_: unknown, r: Row) => (
                <span>
                  {r.success ? '' : 'Error: '}
                  {(r.success ? r.success_log?.message : r.error_log?.message) ?? ''}
                </span>
              ),
            },
          ]}
        />
      )}
    </Page>
  );
}

export default partnerPage(SyncLog);
