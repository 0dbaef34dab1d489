import { DeleteOutlined, DownloadOutlined, FileTextOutlined, SettingOutlined } from '@ant-design/icons';
import { formatDateTime, todayInTexas } from '@dbo/domain/dates';
import { STAMP_MSG, rangeLabel } from '@dbo/domain/stamps';
import type { ColDef } from 'ag-grid-community';
import { App, Button, Flex, InputNumber, Spin, Switch, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { downloadBlob } from '../../lib/api';
import { downloadStampLog, stampLogGrid } from './api';
import { dateResetFilter, textResetFilter as textFilter } from '../../lib/grid-columns';
import { Page } from '../../lib/page';
import { ServerGrid, type ServerGridHandle } from '../../lib/server-grid';
import { queryKeys } from '../../lib/query-keys';
import type { StampLogRow } from './api';
import { whenIdle } from '../../lib/when-idle';

/** the destroyed list (antd's Table) and the destroy dialog (a form) load on first use or when idle */
const loadDestroyedList = () => import('./destroyed-list');
const loadDestroyTool = () => import('./destroy-tool');
const DestroyedList = lazy(() => loadDestroyedList().then((m) => ({ default: m.DestroyedList })));
const DestroyTool = lazy(() => loadDestroyTool().then((m) => ({ default: m.DestroyTool })));
import { ButtonLink } from '../../lib/button-link';

const STATUS_COLORS: Record<string, string> = { INVOICED: 'blue', DESTROYED: 'red', AVAILABLE: 'green' };

function useColumns(): ColDef<StampLogRow>[] {
  return useMemo(
    () => [
      {
        colId: 'logged_at',
        field: 'logged_at',
        headerName: 'Date',
        minWidth: 190,
        ...dateResetFilter,
        valueFormatter: (p) => formatDateTime(p.value),
      },
      {
        colId: 'from',
        field: 'from',
        headerName: 'Stamps',
        minWidth: 190,
        valueFormatter: (p) => (p.data ? rangeLabel(p.data.prefix, p.data.from, p.data.to) : ''),
      },
      { colId: 'count', field: 'count', headerName: 'Count' },
      {
        colId: 'status',
        field: 'status',
        headerName: 'Status',

        ...textFilter,
        cellRenderer: (p: { value?: string; data?: StampLogRow }) =>
          p.value ? (
            <Tag color={p.data?.released_at ? 'default' : STATUS_COLORS[p.value]}>
              {p.value}
              {p.data?.released_at ? ' (released)' : ''}
            </Tag>
          ) : null,
      },
      {
        colId: 'invoice_number',
        field: 'invoice_number',
        headerName: 'Invoice',
        ...textFilter,
        cellRenderer: (p: { value?: string | null; data?: StampLogRow }) =>
          p.value ? <Link to={`/invoice/${p.value.replace(/B$/, '')}`}>#{p.value}</Link> : null,
      },
      { colId: 'note', field: 'note', headerName: 'Note', flex: 1, minWidth: 160, ...textFilter },
      { colId: 'user', field: 'user', headerName: 'User', ...textFilter },
    ],
    [],
  );
}

function StampLog({ gridRef }: { gridRef: React.RefObject<ServerGridHandle | null> }) {
  const { message } = App.useApp();
  const columnDefs = useColumns();
  const [numberFrom, setNumberFrom] = useState<number | null>(null);
  const [numberTo, setNumberTo] = useState<number | null>(null);
  const [released, setReleased] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const params = {
    number_from: numberFrom ?? undefined,
    number_to: numberTo ?? undefined,
    include_released: released || undefined,
  };

  const download = async () => {
    setDownloading(true);
    try {
      const models = gridRef.current?.models() ?? { filterModel: {}, sortModel: [] };
      const res = await downloadStampLog({ ...models, ...params });
      downloadBlob(await res.blob(), `stamp-log-${todayInTexas()}.csv`);
    } catch {
      message.error(STAMP_MSG.csvFailed);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
        <Typography.Text>Stamp #</Typography.Text>
        {(
          [
            ['from', numberFrom, setNumberFrom],
            ['to', numberTo, setNumberTo],
          ] as const
        ).map(([end, value, setValue]) => (
          <InputNumber
            key={end}
            placeholder={end}
            min={1}
            precision={0}
            value={value}
            onChange={(v) => setValue(v)}
            aria-label={`Stamp number ${end}`}
          />
        ))}
        <Flex gap={6} align="center">
          <Switch size="small" checked={released} onChange={setReleased} aria-label="Show released entries" />
          <Typography.Text type="secondary">Show released entries</Typography.Text>
        </Flex>
        <div style={{ flex: 1 }} />
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={download}>
          Download CSV
        </Button>
      </Flex>
      <ServerGrid<StampLogRow>
        ref={gridRef}
        endpoint={stampLogGrid}
        liveKey={queryKeys.stamps.all}
        columnDefs={columnDefs}
        params={params}
        noRowsText="No stamps logged"
        testId="stamp-log-grid"
        height="calc(100vh - 290px)"
      />
    </>
  );
}

export default function StampLogPage() {
  const gridRef = useRef<ServerGridHandle>(null);
  const [destroyOpen, setDestroyOpen] = useState(false);
  /** the dialog is rendered from its first open on */
  const [destroyUsed, setDestroyUsed] = useState(false);
  const [tab, setTab] = useState('log');
  useEffect(
    () =>
      whenIdle(() => {
        void loadDestroyedList();
        void loadDestroyTool();
      }),
    [],
  );
  const refreshGrid = () => gridRef.current?.refresh();
  return (
    <Page
      title="Stamp Log"
      actions={
        <>
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => {
              setDestroyUsed(true);
              setDestroyOpen(true);
            }}
          >
            Destroy Stamps
          </Button>
          <ButtonLink to="/stamp/record" icon={<FileTextOutlined />}>
            Stamp Record
          </ButtonLink>
          <ButtonLink to="/stamp/roll" type="primary" icon={<SettingOutlined />}>
            Manage Rolls
          </ButtonLink>
        </>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'log', label: 'Stamp Log', children: <StampLog gridRef={gridRef} /> },
          {
            key: 'destroyed',
            label: 'Destroyed Stamps',
            children: (
              <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
                <DestroyedList onUndone={refreshGrid} />
              </Suspense>
            ),
          },
        ]}
      />
      {destroyUsed && (
        <Suspense fallback={null}>
          <DestroyTool open={destroyOpen} onClose={() => setDestroyOpen(false)} onDone={refreshGrid} />
        </Suspense>
      )}
    </Page>
  );
}
