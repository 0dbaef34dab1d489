import {
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type OnError,
} from '@dbo/domain/import';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Radio, Row, Select, Space, Spin } from 'antd';
import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api';
import { FieldCol } from '../../lib/form-parts';
import { Page } from '../../lib/page';
import { previewImport, startImport, useRecentImports } from './api';
import { DryRun } from './dry-run';
import { JobProgress } from './job-progress';

const KINDS: { value: ImportKind; label: string }[] = [
  { value: 'customers', label: 'Customers' },
  { value: 'products', label: 'Products' },
  { value: 'stock', label: 'Opening stock' },
];

/** Our field -> a column: a select per field, offered with the guessed (or remembered) column. */
function MappingForm({
  kind,
  preview,
  onChange,
}: {
  kind: ImportKind;
  preview: ImportPreview;
  onChange: (m: ImportMapping) => void;
}) {
  const options = [{ value: '', label: '(not imported)' }, ...preview.headers.map((h) => ({ value: h, label: h }))];
  return (
    <Form layout="vertical">
      <Row gutter={16}>
        {IMPORT_FIELDS[kind].map((f) => (
          <FieldCol
            xs={24}
            sm={12}
            lg={8}
            key={f.name}
            label={f.label}
            // as on the customer form: a TABC permit is required, unless AIMS gives one
            required={f.required || (kind === 'customers' && f.name === 'tabc_id')}
            help={kind === 'customers' && f.name === 'tabc_id' ? 'Or map AIMS ID and AIMS license type' : undefined}
            htmlFor={`map-${f.name}`}
            style={{ marginBottom: 12 }}
          >
            <Select
              id={`map-${f.name}`}
              aria-label={`Column for ${f.label}`}
              value={preview.mapping[f.name] ?? ''}
              options={options}
              onChange={(column: string) => onChange({ ...preview.mapping, [f.name]: column })}
            />
          </FieldCol>
        ))}
      </Row>
    </Form>
  );
}

export default function ImportPage() {
  const { message } = App.useApp();
  const { feature } = useSession();
  const [params, setParams] = useSearchParams();
  const jobParam = Number(params.get('job'));
  const recent = useRecentImports();
  const running = recent.data?.find((j) => j.status === 'running');
  const jobId = jobParam > 0 ? jobParam : (running?.id ?? null);

  const [kind, setKind] = useState<ImportKind>('customers');
  const [file, setFile] = useState<File | null>(null);
  const [fileVersion, setFileVersion] = useState(0);
  // null: the server offers the remembered mapping, else its guess from the headers
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [onError, setOnError] = useState<OnError>('abort');
  const [starting, setStarting] = useState(false);
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  // what the last import started with: a failed import gives the file and mapping back to retry
  const lastStarted = useRef<{ jobId: number; kind: ImportKind; file: File; mapping: ImportMapping } | null>(null);

  const preview = useQuery({
    queryKey: ['import', 'preview', kind, fileVersion, mapping],
    queryFn: () => previewImport(kind, file as File, mapping),
    enabled: !!file,
    retry: false,
    placeholderData: (prev) => prev,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const data = file ? preview.data : undefined;
  const mappingIncomplete = !!data?.errors.some((e) => e.row === 1);

  const start = async () => {
    if (!file || !data) return;
    setStarting(true);
    try {
      const { jobId: id } = await startImport(kind, file, data.mapping, onError);
      lastStarted.current = { jobId: id, kind, file, mapping: data.mapping };
      setParams({ job: String(id) });
      setFile(null);
      setMapping(null);
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setStarting(false);
    }
  };

  const finished = (id: number, status: string) => {
    const last = lastStarted.current;
    if (!last || last.jobId !== id) return;
    lastStarted.current = null;
    if (status !== 'failed') return;
    setKind(last.kind);
    setFile(last.file);
    setMapping(last.mapping);
    setFileVersion((v) => v + 1);
  };

  return (
    <Page title="Import data">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {jobId !== null && <JobProgress id={jobId} onFinished={finished} />}
        <Card title="1. Choose what to import and the file">
          <Space direction="vertical" size="middle">
            <Radio.Group
              aria-label="What to import"
              optionType="button"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value);
                setMapping(null);
              }}
              options={KINDS.map((k) => ({
                ...k,
                disabled: k.value === 'stock' && !feature('inventory'),
              }))}
            />
            {!feature('inventory') && <span>Opening stock needs the inventory feature (Settings, Features).</span>}
            <div>
              <label htmlFor={fileInputId} style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>
                CSV or XLSX file (at most {IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows and 20 MB)
              </label>
              {/* the browser's own control would say "No file chosen" beside ours: a button opens it */}
              <input
                id={fileInputId}
                ref={fileInput}
                type="file"
                className="visually-hidden"
                tabIndex={-1}
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => {
                  const f = e.target.files?.[0] ?? null;
                  setFile(f);
                  setMapping(null);
                  setFileVersion((v) => v + 1);
                  e.target.value = '';
                }}
              />
              <Space>
                <Button onClick={() => fileInput.current?.click()}>Choose file</Button>
                <span data-testid="chosen-file">{file ? `Chosen: ${file.name}` : 'No file chosen'}</span>
              </Space>
            </div>
          </Space>
        </Card>
        {file && preview.isError && <Alert type="error" showIcon message={errorMessage(preview.error)} />}
        {file && !data && preview.isFetching && (
          <span role="status" aria-label="Reading the file">
            <Spin />
          </span>
        )}
        {data && (
          <>
            <Card title="2. Match our fields to your columns">
              <MappingForm kind={kind} preview={data} onChange={setMapping} />
            </Card>
            <Card
              title="3. Dry run"
              extra={
                preview.isFetching ? (
                  <span role="status" aria-label="Checking">
                    <Spin size="small" />
                  </span>
                ) : null
              }
            >
              <DryRun kind={kind} preview={data} />
            </Card>
            <Card title="4. Import">
              <Space direction="vertical" size="middle">
                <Radio.Group
                  aria-label="When a row has an error"
                  value={onError}
                  onChange={(e) => setOnError(e.target.value)}
                  options={[
                    { value: 'abort', label: 'All or nothing: import nothing if any row has an error' },
                    { value: 'skip', label: 'Skip the rows with errors and import the rest' },
                  ]}
                />
                {onError === 'abort' && data.counts.invalid > 0 && (
                  <Alert
                    type="warning"
                    showIcon
                    data-testid="import-would-fail"
                    title={`The dry run found ${data.counts.invalid} row${data.counts.invalid === 1 ? '' : 's'} with errors: all or nothing would import nothing. Fix the file, or skip those rows.`}
                  />
                )}
                <Button
                  type="primary"
                  onClick={start}
                  loading={starting}
                  // an all-or-nothing import the dry run shows would fail is not started
                  disabled={mappingIncomplete || preview.isFetching || (onError === 'abort' && data.counts.invalid > 0)}
                >
                  Import {data.total} row{data.total === 1 ? '' : 's'}
                </Button>
              </Space>
            </Card>
          </>
        )}
      </Space>
    </Page>
  );
}
