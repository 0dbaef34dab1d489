import { CheckCircleFilled, CloseCircleFilled, SyncOutlined } from '@ant-design/icons';
import { formatDateTime } from '@dbo/domain/dates';
import { type FintechLogEntry, fintechSynced } from '@dbo/domain/fintech';
import { Alert, App, Button, Empty, Flex, Typography } from 'antd';
import type { PanelInvoice } from '../../lib/extensions';
import { errorMessage } from '../../lib/api';
import { useFintechLog, useFintechSync } from './fintech-api';
import { SyncCard } from './sync-card';

const { Text } = Typography;
// darker than antd's status colours, for 4.5:1 text contrast on white
const OK = '#135200';
const BAD = '#a8071a';

function LogEntry({ entry }: { entry: FintechLogEntry }) {
  return (
    <div data-testid="fintech-log-entry" style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
      <Flex gap={8} align="center">
        {entry.success ? (
          <Text strong style={{ color: OK }}>
            <CheckCircleFilled aria-hidden /> Succeeded
          </Text>
        ) : (
          <Text strong style={{ color: BAD }}>
            <CloseCircleFilled aria-hidden /> Failed
          </Text>
        )}
        <Text>{formatDateTime(entry.createdAt)}</Text>
      </Flex>
      <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
        {entry.success_log.map((s) => (
          // a step's time and message tell it from the others of its run
          <li key={`${s.step}-${s.at ?? ''}-${s.message}`}>
            <Text>
              <Text strong>{s.step}</Text>: {s.message}
            </Text>
          </li>
        ))}
        {entry.error_log && (
          <li>
            <Text style={{ color: BAD }}>
              <Text strong style={{ color: BAD }}>
                {entry.error_log.step}
              </Text>
              : {entry.error_log.message}
            </Text>
          </li>
        )}
      </ul>
    </div>
  );
}

/** Invoice detail: Sync Now to the fintech clearing house and the sync log (spec 1, fintech sync). */
export function FintechSyncPanel({ invoice }: { invoice: PanelInvoice }) {
  const { message } = App.useApp();
  const log = useFintechLog(invoice.id);
  const sync = useFintechSync(invoice.id);
  const entries = log.data ?? [];
  const synced = fintechSynced(entries);
  return (
    <SyncCard
      title="Fintech"
      testId="fintech-panel"
      failed="Fintech sync failed"
      error={sync.error}
      action={
        <Button
          type="primary"
          icon={<SyncOutlined />}
          loading={sync.isPending}
          // disabled while loading, and for good once a run ended with 'Sync succeeded'
          disabled={log.isLoading || sync.isPending || synced}
          onClick={() =>
            sync.mutate(undefined, {
              onSuccess: (entry) =>
                entry.success
                  ? message.success('Fintech sync succeeded')
                  : message.error(entry.error_log?.message ?? 'Fintech sync failed'),
              onError: (err) => message.error(errorMessage(err, 'Fintech sync failed')),
            })
          }
        >
          Sync Now
        </Button>
      }
    >
      {log.error ? (
        <Alert type="error" showIcon title="Error loading the fintech sync log" description={errorMessage(log.error)} />
      ) : entries.length === 0 && !log.isLoading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Not synced with fintech yet" />
      ) : (
        <Flex vertical gap={8}>
          {synced && <Text style={{ color: OK }}>This invoice is with the clearing house.</Text>}
          {entries.map((e) => (
            <LogEntry key={e.id} entry={e} />
          ))}
        </Flex>
      )}
    </SyncCard>
  );
}
