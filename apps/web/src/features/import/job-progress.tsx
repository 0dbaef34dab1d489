import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Progress, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { downloadRejects, importKeys, useImportJob } from './api';
import { Counts, ErrorTable } from './dry-run';

const KIND_LABELS: Record<string, string> = { customers: 'Customers', products: 'Products', stock: 'Opening stock' };

/** A running or finished import: its progress (from the job row, so it survives a reload) and result. */
export function JobProgress({ id, onFinished }: { id: number; onFinished?: (id: number, status: string) => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { data: job, error } = useImportJob(id);
  const wasRunning = useRef(false);
  useEffect(() => {
    if (job?.status === 'running') wasRunning.current = true;
    else if (job && wasRunning.current) {
      wasRunning.current = false;
      // the imported records show on their screens without a reload
      for (const key of [queryKeys.customers.all, queryKeys.products.all, importKeys.jobs])
        qc.invalidateQueries({ queryKey: key });
    }
  }, [job, qc]);
  // the page learns the end (a failure gives its file and mapping back), however quick the job was
  useEffect(() => {
    if (job && job.status !== 'running') onFinished?.(id, job.status);
  }, [job, id, onFinished]);
  if (error) return <Alert type="error" showIcon message={errorMessage(error)} />;
  if (!job) return null;
  const percent = job.total ? Math.floor((job.done / job.total) * 100) : 0;
  const status = job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'active';
  return (
    <Card title={`Import #${job.id}: ${KIND_LABELS[job.kind]} from ${job.file_name || 'a file'}`}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Progress
          percent={job.status === 'done' ? 100 : percent}
          status={status}
          aria-label="Import progress"
          aria-valuetext={`${job.done} of ${job.total} rows`}
        />
        <div data-testid="import-status">
          {job.status === 'running' && `Importing: ${job.done} of ${job.total} rows done…`}
          {job.status === 'done' && `Done: ${job.total} rows processed.`}
          {job.status === 'failed' && 'The import failed.'}
        </div>
        {job.message && <Alert type="error" showIcon message={job.message} />}
        {job.status !== 'running' && <Counts counts={job.counts} label="Import result" />}
        {job.errors.length > 0 && (
          <>
            <Flex justify="space-between" align="center">
              <strong>Rejected rows</strong>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => downloadRejects(job.id).catch((e) => message.error(errorMessage(e)))}
              >
                Download rejected rows (CSV)
              </Button>
            </Flex>
            <ErrorTable errors={job.errors} label="Import errors" />
          </>
        )}
      </Space>
    </Card>
  );
}
