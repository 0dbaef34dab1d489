import { CloudUploadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@dbo/domain/dates';
import { Alert, App, Button, Descriptions, Empty, Typography } from 'antd';
import type { PanelInvoice } from '../../lib/extensions';
import { errorMessage } from '../../lib/api';
import { useMpowerSync } from './fintech-api';
import { SyncCard } from './sync-card';

const { Text } = Typography;

/** MPower's answer: its invoice id and status when it gave them, else the answer as it came. */
function ResponseView({ response }: { response: unknown }) {
  const r = response && typeof response === 'object' ? (response as Record<string, unknown>) : {};
  const known = (['invoice_id', 'status', 'received_at', 'items', 'total'] as const).filter(
    (k) => typeof r[k] === 'string' || typeof r[k] === 'number',
  );
  if (!known.length)
    return <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(response, null, 2)}</pre>;
  const label: Record<(typeof known)[number], string> = {
    invoice_id: 'MPower invoice',
    status: 'Status',
    received_at: 'Received',
    items: 'Lines',
    total: 'Total',
  };
  return (
    <Descriptions column={1} size="small">
      {known.map((k) => (
        <Descriptions.Item key={k} label={label[k]}>
          {k === 'received_at' ? formatDateTime(String(r[k])) : String(r[k])}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** Invoice detail: 'Sync with MPower' and the stored result (the invoice's mPowerInvoice). */
export function MpowerSyncPanel({ invoice, reload }: { invoice: PanelInvoice; reload: () => void }) {
  const { message } = App.useApp();
  const sync = useMpowerSync(invoice.id);
  const record = sync.data ?? invoice.mPowerInvoice ?? null;
  return (
    <SyncCard
      title="MPower"
      testId="mpower-panel"
      failed="MPower sync failed"
      error={sync.error}
      action={
        <Button
          icon={<CloudUploadOutlined />}
          loading={sync.isPending}
          onClick={() =>
            sync.mutate(undefined, {
              onSuccess: (r) => {
                if (r.error) message.error(r.error);
                else message.success('Invoice sent to MPower');
                reload();
              },
              onError: (err) => message.error(errorMessage(err, 'MPower sync failed')),
            })
          }
        >
          Sync with MPower
        </Button>
      }
    >
      {!record ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Not sent to MPower yet" />
      ) : (
        <>
          <Text>Last sync {formatDateTime(record.updatedAt)}</Text>
          {record.error ? (
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 8 }}
              title="MPower sync failed"
              description={record.error}
            />
          ) : (
            <div style={{ marginTop: 8 }}>
              <ResponseView response={record.response} />
            </div>
          )}
        </>
      )}
    </SyncCard>
  );
}
