import { formatDateTime, todayInTexas } from '@dbo/domain/dates';
import { POS_MSG } from '@dbo/domain/pos-sync';
import { Alert, App, Button, Card, Descriptions, Empty, Flex, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { downloadBlob, errorMessage } from '../../lib/api';
import { Page } from '../../lib/page';
import { exportBottlePosInvoices, type SyncHistoryAnswer, useStartSync, useSyncHistory } from './api';
import { usePartner } from './partner';
import { partnerPage } from './partner-page';
import { productSyncToast } from './pos-realtime';

type FailedInvoice = SyncHistoryAnswer['failedInvoices'][number];
type SyncRun = SyncHistoryAnswer['runs'][number];

/** Spec 2: /bottle-pos and /clover, the sync history with retries and the two sync buttons. */
function SyncHistory() {
  const { partner, label, base } = usePartner();
  const history = useSyncHistory(partner);
  const start = useStartSync(partner);
  const { message, notification } = App.useApp();

  const run = (what: 'invoices' | 'products', invoiceId?: number) =>
    start.mutate(
      { what, invoiceId },
      {
        onSuccess: (r) => {
          if (what === 'products') {
            // the summary when it ran in the request; when queued for a retry, the message says so
            if (r.summary) productSyncToast(notification, `${label} products synced`, r);
            else message.info(r.message ?? 'Product sync started');
            return;
          }
          message.success(
            invoiceId
              ? 'Invoice sync retried'
              : `Invoice sync started (${r.queued} invoice${r.queued === 1 ? '' : 's'})`,
          );
        },
        onError: (err) => message.error(errorMessage(err)),
      },
    );

  const exportInvoices = async () => {
    try {
      downloadBlob(await exportBottlePosInvoices(), `bottle-pos-invoices-${todayInTexas()}.json`);
    } catch (err) {
      notification.error({ title: 'Error exporting', description: errorMessage(err), duration: 30 });
    }
  };

  const columns = [
    {
      title: 'Invoice',
      dataIndex: 'number',
      render: (n: string) => <Link to={`/invoice/${n}`}>#{n}</Link>,
    },
    {
      title: 'Failed At',
      dataIndex: 'updatedAt',
      render: (v: string, r: FailedInvoice) => (
        <Flex vertical>
          <Link to={`${base}/${r.sync_id}`}>{formatDateTime(v)}</Link>
          {r.message && <span style={{ color: '#a8071a' }}>{r.message}</span>}
        </Flex>
      ),
    },
    ...(partner === 'bottle_pos'
      ? [
          {
            title: 'Retry',
            key: 'retry',
            render: (_: unknown, r: FailedInvoice) => (
              <Button
                size="small"
                aria-label={`Retry invoice ${r.number}`}
                loading={start.isPending && start.variables?.invoiceId === r.invoice_id}
                onClick={() => run('invoices', r.invoice_id)}
              >
                Retry
              </Button>
            ),
          },
        ]
      : []),
  ];

  const runColumns = [
    {
      title: 'Started',
      dataIndex: 'startedAt',
      render: (v: string, r: SyncRun) => <Link to={`${base}/${r.sync_id}`}>{formatDateTime(v)}</Link>,
    },
    { title: 'Type', dataIndex: 'type', render: (t: string) => (t === 'product' ? 'Product' : 'Invoice') },
    {
      title: 'Result',
      dataIndex: 'success',
      render: (ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{ok ? 'Success' : 'Failed'}</Tag>,
    },
    { title: 'Message', dataIndex: 'message', render: (m: string | null) => m ?? '' },
  ];

  return (
    <Page
      title={`${label} Sync History`}
      actions={
        <>
          <Button
            type="primary"
            onClick={() => run('invoices')}
            loading={start.isPending && start.variables?.what === 'invoices' && !start.variables.invoiceId}
          >
            Sync Recent Invoices
          </Button>
          <Button onClick={() => run('products')} loading={start.isPending && start.variables?.what === 'products'}>
            Sync Products
          </Button>
          {partner === 'bottle_pos' && <Button onClick={exportInvoices}>Export Invoices</Button>}
        </>
      }
    >
      {history.isError ? (
        <Alert type="error" showIcon title={POS_MSG.historyError} description={errorMessage(history.error)} />
      ) : (
        <Flex vertical gap={16}>
          {history.data && !history.data.lastSync ? (
            <Alert type="info" showIcon title={POS_MSG.noHistory} />
          ) : (
            <Descriptions bordered size="small" column={1}>
              <Descriptions.Item label="Last sync">
                {history.data ? formatDateTime(history.data.lastSync) : '…'}
              </Descriptions.Item>
            </Descriptions>
          )}
          <Card title="Sync runs">
            <Table<SyncRun>
              rowKey="sync_id"
              size="small"
              loading={history.isLoading}
              columns={runColumns}
              dataSource={history.data?.runs ?? []}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              locale={{ emptyText: <Empty description="No sync has run yet" /> }}
              data-testid="sync-runs"
            />
          </Card>
          <Card title="Failed invoice syncs">
            <Table<FailedInvoice>
              rowKey="invoice_id"
              size="small"
              loading={history.isLoading}
              columns={columns}
              dataSource={history.data?.failedInvoices ?? []}
              pagination={{ pageSize: 25, hideOnSinglePage: true }}
              locale={{ emptyText: <Empty description="No failed invoice syncs" /> }}
            />
          </Card>
          <Card title="Failed product syncs">
            {history.data?.failedProductSyncLog.length ? (
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {history.data.failedProductSyncLog.map((f) => (
                  <li key={f.sync_id}>
                    <Link to={`${base}/${f.sync_id}`}>Product sync of {formatDateTime(f.createdAt as string)}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <span>No failed product syncs</span>
            )}
          </Card>
        </Flex>
      )}
    </Page>
  );
}

export default partnerPage(SyncHistory);
