import { CopyOutlined, DeleteOutlined, EditOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { DATE_LIMITS } from '@dbo/domain/constants';
import { addDays, formatDate, formatDateTime, todayInTexas } from '@dbo/domain/dates';
import { formatMoney, toCents } from '@dbo/domain/money';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Popconfirm,
  Row,
  Skeleton,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useExtensions } from '../../lib/extensions';
import { screenBuilt } from '../../lib/screens';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api';
import { Page } from '../../lib/page';
import { displayNumber, type Invoice, useDeleteInvoice, useInvoice, usePatchInvoice } from './api';
import { dueLabel, InvoicePaper } from './invoice-paper';
import { InvoiceStatusSelect, statusBlocks } from './invoice-status-select';
import { InvoiceStatusTag, statusLabel } from './invoice-status-tag';
import { type PendingChange, StatusChangeDialog } from './status-change-dialog';
import './invoices.css';
import { ButtonLink } from '../../lib/button-link';
import { LoadFailed } from '../../lib/load-failed';

const { Text } = Typography;

export default function InvoiceDetailPage() {
  const { number = '' } = useParams();
  const { data: invoice, isLoading, error, refetch } = useInvoice(number);

  if (isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (error || !invoice)
    return <LoadFailed error={error} extra={<ButtonLink to="/invoice">Back to invoices</ButtonLink>} />;
  return <InvoiceView invoice={invoice} reload={() => void refetch()} />;
}

function InvoiceView({ invoice, reload }: { invoice: Invoice; reload: () => void }) {
  const { feature, can } = useSession();
  const { invoicePanels } = useExtensions();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const num = displayNumber(invoice);
  const cancelled = invoice.status === 'cancelled';
  const [change, setChange] = useState<PendingChange | null>(null);
  const patch = usePatchInvoice({
    onSuccess: () => {
      message.success(`Invoice #${num} updated`);
      setChange(null);
      reload();
    },
  });
  const del = useDeleteInvoice({
    onSuccess: () => {
      message.success(`Invoice #${num} deleted`);
      navigate('/invoice');
    },
  });

  // Nothing changes (and no dialog opens) when the chosen value equals the current one.
  const ask = (field: PendingChange['field'], value: string | null) => {
    const current = (invoice[field] ?? null) as string | null;
    if ((current ?? '') === (value ?? '')) return;
    const show = (v: string | null) =>
      field === 'status' ? statusLabel(v ?? '') : field === 'due_at' ? dueLabel(v) : formatDate(v) || '—';
    setChange({
      field,
      label: field === 'status' ? 'Status' : field === 'invoiced_at' ? 'Invoice Date' : 'Due Date',
      oldValue: show(current),
      newValue: show(value),
      value,
      blocked: field === 'status' ? statusBlocks(invoice)(value ?? '') : null,
    });
  };

  const paidCents = toCents(
    invoice.paid_total ?? (invoice.payments ?? []).reduce((s, p) => s + toCents(p.amount), 0) / 100,
  );
  // never negative: what is paid above the total is the customer's on-account credit (issue 30)
  const balanceCents = Math.max(0, toCents(invoice.total) - paidCents);
  const today = todayInTexas();

  const history = [...(invoice.statusInfo ?? [])].sort((a, b) =>
    String(b.created_at).localeCompare(String(a.created_at)),
  );

  return (
    <Page
      title={
        <Flex align="center" gap={12}>
          Invoice #{num}
          <InvoiceStatusTag status={invoice.status} />
          {invoice.beer && <Tag color="gold">Beer</Tag>}
        </Flex>
      }
      actions={
        <>
          <ButtonLink to="/invoice" icon={<UnorderedListOutlined />}>
            Invoices
          </ButtonLink>
          <ButtonLink to={`/invoice/create?clone=${encodeURIComponent(num)}`} icon={<CopyOutlined />}>
            Clone
          </ButtonLink>
          {!cancelled && (
            <ButtonLink to={`/invoice/${encodeURIComponent(num)}/edit`} type="primary" icon={<EditOutlined />}>
              Edit
            </ButtonLink>
          )}
          {cancelled && can('invoice.delete') && (
            <Popconfirm
              title={`Delete invoice #${num}?`}
              description="The cancelled invoice is removed for good."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                del.mutateAsync(num).catch((err) => {
                  message.error(errorMessage(err));
                })
              }
            >
              <Button danger icon={<DeleteOutlined />} loading={del.isPending}>
                Delete
              </Button>
            </Popconfirm>
          )}
        </>
      }
    >
      {cancelled && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="This invoice is cancelled: it cannot be edited or take payments, and its stamps were released."
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <InvoicePaper invoice={invoice} />
        </Col>

        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <Card title="Status and dates" size="small">
              <Descriptions column={1} size="small" colon={false} styles={{ label: { width: 110 } }}>
                <Descriptions.Item label="Status">
                  <InvoiceStatusSelect invoice={invoice} onChange={(v) => ask('status', v)} />
                </Descriptions.Item>
                <Descriptions.Item label="Invoice Date">
                  <DatePicker
                    aria-label="Invoice Date"
                    style={{ width: '100%' }}
                    format="DD MMM, YYYY"
                    allowClear={false}
                    value={dayjs(invoice.invoiced_at)}
                    disabled={cancelled}
                    disabledDate={(d) => d.format('YYYY-MM-DD') > addDays(today, DATE_LIMITS.invoiceDateDaysAhead)}
                    onChange={(d) => d && ask('invoiced_at', d.format('YYYY-MM-DD'))}
                  />
                </Descriptions.Item>
                <Descriptions.Item label="Due Date">
                  <DatePicker
                    aria-label="Due Date"
                    style={{ width: '100%' }}
                    format={(d) => dueLabel(d.format('YYYY-MM-DD'))}
                    value={invoice.due_at ? dayjs(invoice.due_at) : null}
                    disabled={cancelled}
                    disabledDate={(d) => d.format('YYYY-MM-DD') > addDays(today, DATE_LIMITS.dueDateDaysAhead)}
                    onChange={(d) => ask('due_at', d ? d.format('YYYY-MM-DD') : null)}
                  />
                </Descriptions.Item>
              </Descriptions>
            </Card>

            {feature('payment') && (
              <Card title="Balance" size="small" data-testid="payments-summary">
                <Descriptions column={1} size="small">
                  <Descriptions.Item label="Total">{formatMoney(invoice.total)}</Descriptions.Item>
                  <Descriptions.Item label="Paid">{formatMoney(paidCents / 100)}</Descriptions.Item>
                  <Descriptions.Item label="Balance">
                    {/* a cancelled invoice is owed nothing: its balance is not shown as a debt */}
                    <Text
                      strong
                      data-testid="invoice-balance"
                      type={cancelled ? 'secondary' : balanceCents > 0 ? 'danger' : 'success'}
                    >
                      {formatMoney(balanceCents / 100)}
                      {cancelled && ' (cancelled, not owed)'}
                    </Text>
                  </Descriptions.Item>
                  <Descriptions.Item label="Payments">{invoice.payments?.length ?? 0}</Descriptions.Item>
                </Descriptions>
              </Card>
            )}

            <Card title="Status history" size="small" data-testid="status-history">
              {history.length ? (
                <Timeline
                  items={history.map((h, i) => ({
                    key: h.id ?? i,
                    content: (
                      <div>
                        <InvoiceStatusTag status={h.new_status} />
                        <Text type="secondary" style={{ fontSize: 12 }}>
                          {formatDateTime(h.created_at)}
                          {h.user?.name ? ` · ${h.user.name}` : ''}
                        </Text>
                        {h.note && (
                          <div style={{ fontSize: 12 }} data-testid="status-note">
                            {h.note}
                          </div>
                        )}
                      </div>
                    ),
                  }))}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No status changes yet" />
              )}
            </Card>

            {!!invoice.orders?.length && (
              <Card title="Orders" size="small" data-testid="linked-orders">
                {invoice.orders.map((o) => (
                  <div key={o.id}>
                    {screenBuilt('order') ? (
                      <Link to={`/order/${o.order_number}`}>Order #{o.order_number}</Link>
                    ) : (
                      <Text>Order #{o.order_number}</Text>
                    )}
                    {o.created_at && <Text type="secondary"> · {formatDate(o.created_at)}</Text>}
                  </div>
                ))}
              </Card>
            )}
          </Flex>
        </Col>
        {invoicePanels
          .filter((p) => !p.feature || feature(p.feature))
          .map((p) => (
            <Col key={p.key} xs={24} xl={12}>
              <p.Component invoice={invoice} reload={reload} />
            </Col>
          ))}
      </Row>
      <StatusChangeDialog
        change={change}
        busy={patch.isPending}
        onCancel={() => setChange(null)}
        onConfirm={() => {
          if (!change) return;
          patch.mutate(
            { id: invoice.id, patch: { [change.field]: change.value } },
            { onError: (err) => message.error(errorMessage(err)) },
          );
        }}
      />
    </Page>
  );
}
