import { FileTextOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { DATE_LIMITS } from '@dbo/domain/constants';
import { addDays, formatDate, todayInTexas } from '@dbo/domain/dates';
import { rangeLabel, stampRollSchema, stampRollWarnings } from '@dbo/domain/stamps';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { texasToday } from '../../lib/date-range';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { FieldCol, ListAlert } from '../../lib/form-parts';
import { Page } from '../../lib/page';
import { zodRule } from '../../lib/zod-form';
import { useFormUnsaved } from '../../lib/unsaved-changes';
import { type StampRoll, useCreateRoll, useSetRollActive, useStampRolls } from './api';
import { RollReconciliationCard } from './roll-reconciliation';
import { ButtonLink } from '../../lib/button-link';

/** Active (green), Inactive (red), Finished (grey, disabled); a click toggles active. */
function RollStatusButton({ roll }: { roll: StampRoll }) {
  const { notification } = App.useApp();
  const toggle = useSetRollActive();
  if (roll.finished)
    return (
      <Button size="small" disabled data-testid={`roll-status-${roll.id}`}>
        Finished
      </Button>
    );
  return (
    <Button
      size="small"
      variant="solid"
      color={roll.active ? 'green' : 'danger'}
      loading={toggle.isPending}
      data-testid={`roll-status-${roll.id}`}
      onClick={() =>
        toggle.mutate(
          { id: roll.id, active: !roll.active },
          {
            onError: (err) =>
              notification.error({ title: 'Error Updating Stamp Roll', description: errorMessage(err) }),
          },
        )
      }
    >
      {roll.active ? 'Active' : 'Inactive'}
    </Button>
  );
}

function Sequences({ roll }: { roll: StampRoll }) {
  if (!roll.sequences.length) return <Typography.Text type="secondary">None</Typography.Text>;
  const shown = roll.sequences.slice(0, 3);
  const rest = roll.sequences.slice(3);
  return (
    <Flex wrap gap={4}>
      {shown.map((s) => (
        <Tag key={s.from}>
          {rangeLabel(s.prefix, s.from, s.to)} ({s.count})
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((s) => rangeLabel(s.prefix, s.from, s.to)).join(', ')}>
          <Tag>+{rest.length} more</Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

interface RollFormValues {
  prefix?: string;
  received_at?: Dayjs | null;
  from?: number | null;
  to?: number | null;
}

function RollForm() {
  const [form] = Form.useForm<RollFormValues>();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const from = Form.useWatch('from', form);
  const to = Form.useWatch('to', form);
  const warnings = stampRollWarnings(from, to);
  const unsaved = useFormUnsaved();
  const create = useCreateRoll((r) => {
    unsaved.saved();
    message.success(`Stamp roll ${rangeLabel(r.prefix, r.from, r.to)} registered`);
    form.resetFields();
  });
  const schema = stampRollSchema();
  const asDate = () => {
    const d = form.getFieldValue('received_at') as Dayjs | null | undefined;
    return { received_at: d ? d.format('YYYY-MM-DD') : '' };
  };
  const rule = (field: string) => zodRule(schema, field, asDate);
  const lastDay = addDays(todayInTexas(), DATE_LIMITS.stampRollDaysAhead);

  const onFinish = (v: RollFormValues) => {
    setError(null);
    create.mutate(
      { prefix: v.prefix ?? '', received_at: v.received_at?.format('YYYY-MM-DD') ?? '', from: v.from, to: v.to },
      { onError: (err) => setError(errorMessage(err)) },
    );
  };

  return (
    <Card title="Register Roll">
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={unsaved.changed}
        initialValues={{ received_at: texasToday() }}
        data-testid="roll-form"
      >
        <Form.Item
          label="Prefix"
          name="prefix"
          normalize={(v?: string) => v?.toUpperCase()}
          extra="Optional letters printed before the stamp number"
        >
          <Input placeholder="e.g. A" maxLength={16} />
        </Form.Item>
        <Form.Item label="Receive Date" name="received_at" rules={[rule('received_at')]}>
          <DatePicker
            style={{ width: '100%' }}
            format="DD MMM, YYYY"
            disabledDate={(d) => d.format('YYYY-MM-DD') > lastDay}
          />
        </Form.Item>
        <Row gutter={12}>
          <FieldCol span={12} label="Stamp Start" name="from" rules={[rule('from')]}>
            <InputNumber style={{ width: '100%' }} precision={0} />
          </FieldCol>
          <FieldCol span={12} label="Stamp End" name="to" dependencies={['from']} rules={[rule('to')]}>
            <InputNumber style={{ width: '100%' }} precision={0} />
          </FieldCol>
        </Row>
        {warnings.length > 0 && (
          <ListAlert type="warning" data-testid="roll-warnings" title="Please check the stamp range" items={warnings} />
        )}
        {error && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} title="Error saving stamp!" description={error} />
        )}
        <Button type="primary" htmlType="submit" block loading={create.isPending}>
          Register Roll
        </Button>
      </Form>
    </Card>
  );
}

export default function RollsPage() {
  const rolls = useStampRolls();
  const columns = [
    {
      title: 'Roll',
      key: 'range',
      render: (_: unknown, r: StampRoll) => <strong>{rangeLabel(r.prefix, r.from, r.to)}</strong>,
    },
    { title: 'Received', dataIndex: 'received_at', render: (d: string) => formatDate(d) },
    {
      title: 'Available',
      key: 'available',
      render: (_: unknown, r: StampRoll) => `${r.stampsCount} of ${r.totalCount}`,
    },
    {
      title: 'First / Last available',
      key: 'bounds',
      render: (_: unknown, r: StampRoll) =>
        r.firstAvailable === null ? '—' : `${r.prefix}${r.firstAvailable} / ${r.prefix}${r.lastAvailable}`,
    },
    { title: 'Available sequences', key: 'sequences', render: (_: unknown, r: StampRoll) => <Sequences roll={r} /> },
    { title: 'Invoiced', dataIndex: 'invoicedCount' },
    { title: 'Destroyed', dataIndex: 'destroyedCount' },
    { title: 'Status', key: 'status', render: (_: unknown, r: StampRoll) => <RollStatusButton roll={r} /> },
  ];
  return (
    <Page
      title="Manage Rolls"
      actions={
        <>
          <ButtonLink to="/stamp" icon={<UnorderedListOutlined />}>
            Stamp Log
          </ButtonLink>
          <ButtonLink to="/stamp/record" icon={<FileTextOutlined />}>
            Stamp Record
          </ButtonLink>
        </>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={17}>
          {rolls.isError ? (
            <Alert
              type="error"
              showIcon
              title="Error loading stamp rolls"
              description={errorMessage(rolls.error)}
              action={<Button onClick={() => rolls.refetch()}>Retry</Button>}
            />
          ) : (
            <Card>
              <Table<StampRoll>
                rowKey="id"
                size="middle"
                loading={rolls.isLoading}
                dataSource={rolls.data ?? []}
                columns={columns}
                pagination={false}
                scroll={{ x: true }}
                locale={{ emptyText: 'No roll found. Please register your TABC stamp roll.' }}
                data-testid="rolls-table"
              />
            </Card>
          )}
          <div style={{ marginTop: 16 }}>
            <RollReconciliationCard />
          </div>
        </Col>
        <Col xs={24} xl={7}>
          <RollForm />
        </Col>
      </Row>
    </Page>
  );
}
