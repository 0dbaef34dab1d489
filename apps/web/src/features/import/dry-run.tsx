import type { ImportCounts, ImportError, ImportPreview, PreviewRow } from '@dbo/domain/import';
import { IMPORT_FIELDS, type ImportKind } from '@dbo/domain/import';
import { Alert, Col, Row, Statistic, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';

const ACTION_COLORS: Record<string, string> = { new: 'green', updated: 'blue', unchanged: 'default', invalid: 'red' };

// antd's grey statistic titles fall under 4.5:1 contrast: the labels are read, so darker
const Label = ({ text }: { text: string }) => <span style={{ color: 'rgba(0, 0, 0, 0.78)' }}>{text}</span>;

export function Counts({ counts, label }: { counts: ImportCounts; label: string }) {
  return (
    <Row gutter={16} aria-label={label} role="group">
      <Col>
        <Statistic title={<Label text="New" />} value={counts.new} />
      </Col>
      <Col>
        <Statistic title={<Label text="Updated" />} value={counts.updated} />
      </Col>
      <Col>
        <Statistic title={<Label text="Unchanged" />} value={counts.unchanged} />
      </Col>
      <Col>
        <Statistic
          title={<Label text="Invalid" />}
          value={counts.invalid}
          valueStyle={counts.invalid ? { color: '#a8071a' } : undefined}
        />
      </Col>
    </Row>
  );
}

const errorColumns: ColumnsType<ImportError> = [
  { title: 'Row', dataIndex: 'row', width: 90 },
  { title: 'Error', dataIndex: 'message' },
];

export function ErrorTable({ errors, label }: { errors: ImportError[]; label: string }) {
  return (
    <Table<ImportError>
      aria-label={label}
      size="small"
      rowKey={(e) => `${e.row}-${e.message}`}
      columns={errorColumns}
      dataSource={errors}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}

/** The dry run: counts, the errors with their row numbers, and the first rows as they would be saved. */
export function DryRun({ kind, preview }: { kind: ImportKind; preview: ImportPreview }) {
  const fields = IMPORT_FIELDS[kind].filter((f) => preview.mapping[f.name]);
  const rowColumns: ColumnsType<PreviewRow> = [
    { title: 'Row', dataIndex: 'row', width: 70, fixed: 'left' },
    {
      title: 'Result',
      dataIndex: 'action',
      width: 110,
      render: (a: string) => <Tag color={ACTION_COLORS[a]}>{a}</Tag>,
    },
    ...fields.map((f) => ({
      title: f.label,
      key: f.name,
      render: (_: unknown, r: PreviewRow) => r.values[f.name] ?? '',
    })),
    { title: 'Error', dataIndex: 'message', render: (m: string | null) => m ?? '' },
  ];
  return (
    <>
      <Counts counts={preview.counts} label="Dry run counts" />
      <p style={{ marginTop: 12 }}>
        {preview.total} row{preview.total === 1 ? '' : 's'} in the file. Row numbers are the file's lines (the header is
        row 1).
      </p>
      <Tabs
        items={[
          {
            key: 'errors',
            label: `Errors (${preview.errors.length})`,
            children: preview.errors.length ? (
              <ErrorTable errors={preview.errors} label="Dry run errors" />
            ) : (
              <Alert type="success" showIcon message="Every row is valid." />
            ),
          },
          {
            key: 'rows',
            label: 'Rows',
            children: (
              <Table<PreviewRow>
                aria-label="Dry run rows"
                size="small"
                rowKey="row"
                scroll={{ x: true }}
                columns={rowColumns}
                dataSource={preview.rows}
                pagination={{ pageSize: 10, showSizeChanger: false }}
              />
            ),
          },
        ]}
      />
    </>
  );
}
