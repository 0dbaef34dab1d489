import { CopyOutlined, DeleteOutlined, EditOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { DATE_LIMITS, INVOICE_STATUSES } from '@dbo/domain/constants';
import { addDays, formatDate, formatDateTime, isDueOnDelivery, todayInTexas } from '@dbo/domain/dates';
import { formatMoney, toCents } from '@dbo/domain/money';
import { useQuery } from '@tanstack/react-query';
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
  Result,
  Row,
  Select,
  Skeleton,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { invoicePanels } from '../../app/extensions';
import { useSession } from '../../app/session';
import { errorMessage, http } from '../../lib/api';
import { Page } from '../../lib/page';
import { displayNumber, type Invoice, type InvoiceItem, useDeleteInvoice, useInvoice, usePatchInvoice } from './api';
import { InvoiceStatusTag, statusLabel } from './invoice-status-tag';
import { type PendingChange, StatusChangeDialog } from './status-change-dialog';
import './invoices.css';

const { Text, Title } = Typography;

export function dueLabel(due: string | null | undefined): string {
  if (!due) return '—';
  return isDueOnDelivery(due) ? 'Due on delivery' : formatDate(due);
}

export default function InvoiceDetailPage() {
  const { number = '' } = useParams();
  const { data: invoice, isLoading, error, refetch } = useInvoice(number);

  if (isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (error || !invoice)
    return (
      <Result
        status="error"
        title="Sorry, something went wrong!"
        subTitle={error ? errorMessage(error) : undefined}
        extra={
          <Link to="/invoice">
            <Button>Back to invoices</Button>
          </Link>
        }
      />
    );
  return <InvoiceView invoice={invoice} reload={() => void refetch()} />;
}

function InvoiceView({ invoice, reload }: { invoice: Invoice; reload: () => void }) {
  const { user, feature } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const company = invoice.company ?? user?.company;
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

  const customer = invoice.customer ?? {};
  const logo =
    invoice.logo ?? user?.company?.logos?.find((l) => l.id === (invoice.logo_id ?? company?.default_logo_id)) ?? null;
  const permit = useQuery({
    queryKey: ['customer', invoice.customer_id, 'tabc-expiration'],
    queryFn: () => http.get<any>(`/customer/${invoice.customer_id}/tabc-expiration`),
    enabled: !!invoice.customer_id && !customer.deleted,
    retry: false,
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
    });
  };

  const paidCents = toCents(
    invoice.paid_total ?? (invoice.payments ?? []).reduce((s, p) => s + toCents(p.amount), 0) / 100,
  );
  const balanceCents = toCents(invoice.total) - paidCents;
  const today = todayInTexas();

  const items = [...(invoice.items ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
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
          <Link to="/invoice">
            <Button icon={<UnorderedListOutlined />}>Invoices</Button>
          </Link>
          <Link to={`/invoice/create?clone=${encodeURIComponent(num)}`}>
            <Button icon={<CopyOutlined />}>Clone</Button>
          </Link>
          {!cancelled && (
            <Link to={`/invoice/${encodeURIComponent(num)}/edit`}>
              <Button type="primary" icon={<EditOutlined />}>
                Edit
              </Button>
            </Link>
          )}
          {cancelled && user?.role === 'owner' && (
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
          <Card data-testid="invoice-paper">
            <Flex justify="space-between" align="start" gap={24} wrap>
              <Flex gap={16} align="start">
                {logo && (
                  <img
                    src={logo.path}
                    alt="Company logo"
                    style={{ maxWidth: 200, maxHeight: 100, objectFit: 'contain' }}
                  />
                )}
                <div>
                  <Title level={4} style={{ margin: 0 }}>
                    {company?.name}
                  </Title>
                  <Text type="secondary">
                    {company?.address}
                    <br />
                    {company?.city}, {company?.state} {company?.zip}
                    <br />
                    TABC {company?.tabc_id}
                  </Text>
                </div>
              </Flex>
              <div style={{ textAlign: 'right' }}>
                <Title level={3} style={{ margin: 0 }}>
                  INVOICE #{num}
                </Title>
                <div>Date: {formatDate(invoice.invoiced_at)}</div>
                <div>Due: {dueLabel(invoice.due_at)}</div>
              </div>
            </Flex>

            <div className="invoice-customer" data-testid="invoice-customer">
              <Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase' }}>
                Bill to
              </Text>
              <div>
                <strong>{customer.name}</strong>
                {(customer.deleted || customer.deleted_at) && (
                  <Tag color="red" style={{ marginLeft: 8 }}>
                    Deleted customer!
                  </Tag>
                )}
              </div>
              <div>
                {customer.address}, {customer.city}, {customer.state} {customer.zip}
              </div>
              <div>
                Permit <strong>{customer.tabc_id}</strong>
                {permit.data?.expiration_date && (
                  <Text type={permit.data.isExpired ? 'danger' : 'secondary'}>
                    {' '}
                    · {permit.data.isExpired ? 'expired' : 'expires'} {formatDate(permit.data.expiration_date)}
                  </Text>
                )}
              </div>
              {customer.contact_name && (
                <Text type="secondary">
                  {customer.contact_name} {customer.contact_phone} {customer.contact_email}
                </Text>
              )}
            </div>

            <Table<InvoiceItem>
              size="small"
              rowKey={(r, i) => String(r.id ?? i)}
              pagination={false}
              dataSource={items}
              data-testid="invoice-items"
              columns={[
                { title: 'Qty', dataIndex: 'qty', width: 70, align: 'right' },
                {
                  title: 'Product',
                  render: (_, r) => (
                    <span>
                      {itemName(r)}
                      {r.on_deal && (
                        <Tag color="purple" style={{ marginLeft: 6 }}>
                          On deal
                        </Tag>
                      )}
                      {r.last_purchase_price != null && toCents(r.price) < toCents(r.last_purchase_price) && (
                        <div>
                          <Text type="warning" style={{ fontSize: 12 }}>
                            This item was invoiced below cost.
                          </Text>
                        </div>
                      )}
                    </span>
                  ),
                },
                { title: 'Size', render: (_, r) => r.product_size ?? r.product?.product_size, width: 90 },
                { title: 'Type', render: (_, r) => r.product_type ?? r.product?.product_type, width: 90 },
                {
                  title: 'Price',
                  align: 'right',
                  width: 110,
                  render: (_, r) => formatMoney(r.price),
                },
                {
                  title: 'Tax',
                  align: 'center',
                  width: 60,
                  render: (_, r) => (r.taxable ? 'T' : ''),
                },
                {
                  title: 'Total',
                  align: 'right',
                  width: 120,
                  render: (_, r) => formatMoney(r.total ?? (r.qty * toCents(r.price)) / 100),
                },
              ]}
            />

            <Flex justify="space-between" gap={24} wrap style={{ marginTop: 16 }}>
              <div style={{ flex: 1, minWidth: 260 }}>
                <Text strong>TABC stamps</Text>
                <div data-testid="invoice-stamps">
                  {invoice.stamps?.length ? (
                    invoice.stamps.map((s) => (
                      <Tag key={`${s.roll_id}-${s.from}`} style={{ marginTop: 4 }}>
                        {s.prefix ?? ''}
                        {s.from} – {s.prefix ?? ''}
                        {s.to} ({s.to - s.from + 1})
                      </Tag>
                    ))
                  ) : (
                    <div>
                      <Text type="secondary">No stamps</Text>
                    </div>
                  )}
                </div>
                {invoice.note && (
                  <div style={{ marginTop: 12 }}>
                    <Text strong>Note</Text>
                    <div style={{ whiteSpace: 'pre-wrap' }}>{invoice.note}</div>
                  </div>
                )}
                {invoice.company_note && (
                  <div style={{ marginTop: 12 }}>
                    <Text strong>Company note</Text>
                    <div style={{ whiteSpace: 'pre-wrap' }}>{invoice.company_note}</div>
                  </div>
                )}
              </div>
              <table className="totals" data-testid="invoice-totals">
                <tbody>
                  <tr>
                    <td>Sub Total</td>
                    <td>{formatMoney(invoice.sub_total)}</td>
                  </tr>
                  <tr>
                    <td>Tax{invoice.tax_rate != null ? ` (${Number(invoice.tax_rate)}%)` : ''}</td>
                    <td>{formatMoney(invoice.tax_total)}</td>
                  </tr>
                  <tr className="grand">
                    <td>Total</td>
                    <td>{formatMoney(invoice.total)}</td>
                  </tr>
                </tbody>
              </table>
            </Flex>
          </Card>
        </Col>

        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <Card title="Status and dates" size="small">
              <Descriptions column={1} size="small" colon={false} styles={{ label: { width: 110 } }}>
                <Descriptions.Item label="Status">
                  <Select
                    aria-label="Status"
                    data-testid="status-select"
                    style={{ width: '100%' }}
                    value={invoice.status}
                    options={INVOICE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
                    onChange={(v) => ask('status', v)}
                  />
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
                    <Text strong type={balanceCents > 0 ? 'danger' : 'success'}>
                      {formatMoney(balanceCents / 100)}
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
                    <Link to={`/order/${o.order_number}`}>Order #{o.order_number}</Link>
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

export function itemName(r: InvoiceItem): string {
  return r.product_name ?? r.product?.product ?? (typeof r.product === 'string' ? r.product : '') ?? '';
}
