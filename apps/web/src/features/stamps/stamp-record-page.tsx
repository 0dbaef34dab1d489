import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { formatDate, todayInTexas } from '@dbo/domain/dates';
import {
  RECORD_KIND_LABEL,
  recordRange,
  recordRangeIssue,
  type StampMonthlyRow,
  type StampRecordLine,
} from '@dbo/domain/stamp-record';
import { isCalendarDay } from '@dbo/domain/primitives';
import { Alert, App, Button, DatePicker, Flex, Table, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { downloadBlob, errorMessage } from '../../lib/api';
import { fetchStampFile, type StampReport } from './api';
import { DayPicker } from '../../lib/day-picker';
import { Page } from '../../lib/page';
import { useStampMonthly, useStampRecord } from './api';

type Row = StampRecordLine & { key: string; first: boolean; span: number };

const KIND_COLOR: Partial<Record<StampRecordLine['kind'], string>> = {
  RECEIVED: 'green',
  AFFIXED: 'blue',
  RETURNED: 'gold',
  RESTORED: 'gold',
  LOST: 'red',
  STOLEN: 'red',
  VOIDED: 'red',
  DESTROYED: 'red',
  REPLACEMENT: 'purple',
};

/** Downloads one of the stamp files (CSV or PDF) under the given name. */
function useDownload() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (report: StampReport, query: Record<string, string>, format: 'csv' | 'pdf', name: string) => {
    setBusy(`${report}:${format}`);
    try {
      const res = await fetchStampFile(report, query, format);
      downloadBlob(await res.blob(), name);
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

/**
 * A labelled day (or month) of a tab's toolbar, picked with the product's one date picker in the
 * spec's format ('dd MMM, yyyy'; a month 'Nov 2026'), not a native mm/dd/yyyy input (issue 36).
 */
function PeriodField(props: {
  id: string;
  label: string;
  type: 'date' | 'month';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Flex vertical>
      <label htmlFor={props.id}>
        <Typography.Text strong>{props.label}</Typography.Text>
      </label>
      {props.type === 'date' ? (
        <DayPicker id={props.id} value={props.value} onChange={props.onChange} />
      ) : (
        <DatePicker
          id={props.id}
          picker="month"
          format="MMM YYYY"
          allowClear={false}
          value={props.value ? dayjs(`${props.value}-01`) : null}
          onChange={(d) => d && props.onChange(d.format('YYYY-MM'))}
          style={{ width: 160 }}
        />
      )}
    </Flex>
  );
}

const FILES = [
  { format: 'csv', icon: <DownloadOutlined />, label: 'Download CSV' },
  { format: 'pdf', icon: <FilePdfOutlined />, label: 'Download PDF' },
] as const;

/**
 * A tab's toolbar: its period fields, then Download CSV and Download PDF of `report` for that period
 * (`query`), saved as `file`.csv or .pdf; each button spins while its own file downloads.
 */
function Toolbar(props: {
  children: ReactNode;
  report: StampReport;
  query: Record<string, string>;
  file: string;
  disabled: boolean;
}) {
  const { busy, run } = useDownload();
  const download = (format: 'csv' | 'pdf') => run(props.report, props.query, format, `${props.file}.${format}`);
  return (
    <Flex gap={16} wrap align="end" style={{ marginBottom: 12 }}>
      {props.children}
      <div style={{ flex: 1 }} />
      {FILES.map((f) => (
        <Button
          key={f.format}
          icon={f.icon}
          disabled={props.disabled}
          loading={busy === `${props.report}:${f.format}`}
          onClick={() => void download(f.format)}
        >
          {f.label}
        </Button>
      ))}
    </Flex>
  );
}

function RecordTab() {
  const initial = recordRange({});
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const valid = isCalendarDay(from) && isCalendarDay(to);
  const issue = valid ? recordRangeIssue(from, to) : 'From and To must be dates';
  const record = useStampRecord(from, to, !issue);
  const rows: Row[] = (record.data?.entries ?? []).flatMap((e) =>
    e.lines.map((l, n) => ({ ...l, key: `${e.date}-${n}`, first: n === 0, span: n === 0 ? e.lines.length : 0 })),
  );

  return (
    <>
      <Toolbar report="record" query={{ from, to }} file={`stamp-record-${from}-to-${to}`} disabled={!!issue}>
        <PeriodField id="record-from" label="From" type="date" value={from} onChange={setFrom} />
        <PeriodField id="record-to" label="To" type="date" value={to} onChange={setTo} />
      </Toolbar>
      {issue && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={issue} />}
      {record.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorMessage(record.error)} />
      )}
      {record.data && (
        <Flex gap={24} style={{ marginBottom: 8 }} data-testid="record-totals">
          <Typography.Text>
            Opening on hand: <strong>{record.data.opening_on_hand}</strong>
          </Typography.Text>
          <Typography.Text>
            Closing on hand: <strong data-testid="record-closing">{record.data.closing_on_hand}</strong>
          </Typography.Text>
        </Flex>
      )}
      <Table<Row>
        rowKey="key"
        size="small"
        loading={record.isLoading && !issue}
        pagination={false}
        dataSource={rows}
        scroll={{ x: true }}
        locale={{ emptyText: 'No stamp transactions in this range' }}
        data-testid="stamp-record-table"
        columns={[
          { title: 'Date', key: 'date', render: (_, r) => formatDate(r.date), onCell: (r) => ({ rowSpan: r.span }) },
          {
            title: 'Transaction',
            key: 'kind',
            render: (_, r) => (
              <Flex vertical gap={2}>
                <span>
                  <Tag color={KIND_COLOR[r.kind]}>{RECORD_KIND_LABEL[r.kind]}</Tag>
                </span>
                {r.replaces && <span>Replaces {r.replaces}</span>}
                {r.note && <span>{r.note}</span>}
              </Flex>
            ),
          },
          { title: 'Quantity', dataIndex: 'quantity', align: 'right' },
          { title: 'Serial Numbers', dataIndex: 'serials' },
          { title: 'Invoice Date', key: 'invoice_date', render: (_, r) => formatDate(r.invoice_date) },
          {
            title: 'Invoice',
            key: 'invoice',
            render: (_, r) =>
              r.invoice_number ? (
                <>
                  <Link to={`/invoice/${r.invoice_number.replace(/B$/, '')}`}>#{r.invoice_number}</Link>
                  {r.signed ? <Tag color="green">signed</Tag> : null}
                </>
              ) : null,
          },
          { title: 'Retailer Trade Name', dataIndex: 'trade_name' },
          { title: 'Retailer Permit', dataIndex: 'permit' },
          { title: 'On Hand', dataIndex: 'on_hand', align: 'right', render: (v: number) => <strong>{v}</strong> },
        ]}
      />
    </>
  );
}

function MonthlyTab() {
  const [month, setMonth] = useState(todayInTexas().slice(0, 7));
  const valid = /^\d{4}-\d{2}$/.test(month);
  const report = useStampMonthly(valid ? month : todayInTexas().slice(0, 7));
  return (
    <>
      <Toolbar report="monthly" query={{ month }} file={`stamp-monthly-${month}`} disabled={!valid}>
        <PeriodField id="monthly-month" label="Month" type="month" value={month} onChange={setMonth} />
      </Toolbar>
      {report.isError && <Alert type="error" showIcon title={errorMessage(report.error)} />}
      <Table<StampMonthlyRow>
        rowKey="roll_id"
        size="small"
        loading={report.isLoading}
        pagination={false}
        dataSource={report.data?.rows ?? []}
        locale={{ emptyText: 'No stamps affixed this month' }}
        data-testid="stamp-monthly-table"
        summary={() =>
          report.data?.rows.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <strong>Total</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong>{report.data.total_affixed}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} />
              <Table.Summary.Cell index={3} align="right">
                <strong>{report.data.total_returned}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} />
            </Table.Summary.Row>
          ) : null
        }
        columns={[
          { title: 'Roll', dataIndex: 'roll' },
          { title: 'Affixed', dataIndex: 'affixed', align: 'right' },
          { title: 'Affixed Serial Numbers', dataIndex: 'affixed_serials' },
          { title: 'Returned to Stock', dataIndex: 'returned', align: 'right' },
          { title: 'Returned Serial Numbers', dataIndex: 'returned_serials' },
        ]}
      />
    </>
  );
}

/** TABC's stamp transaction record and the monthly stamp report. */
export default function StampRecordPage() {
  const navigate = useNavigate();
  return (
    <Page
      title="Stamp Transaction Record"
      actions={
        <>
          <Button onClick={() => navigate('/stamp')}>Stamp Log</Button>
          <Button onClick={() => navigate('/stamp/roll')}>Manage Rolls</Button>
        </>
      }
    >
      <Typography.Paragraph>
        One entry per date with any stamp transaction, as TABC asks a local distributor to keep it: stamps received,
        stamps affixed with the invoice and retailer, the quantity on hand after each transaction, and stamps lost,
        stolen, voided, destroyed or issued as replacements. Cancelled and edited invoices show the stamps they returned
        to stock.
      </Typography.Paragraph>
      <Tabs
        items={[
          { key: 'record', label: 'Transaction Record', children: <RecordTab /> },
          { key: 'monthly', label: 'Monthly Report', children: <MonthlyTab /> },
        ]}
      />
    </Page>
  );
}
