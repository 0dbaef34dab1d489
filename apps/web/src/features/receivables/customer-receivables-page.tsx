import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import {
  PAYMENT_METHOD_LABELS,
  type CustomerPayment,
  type OpenInvoiceRow,
  type PaymentMethod,
} from '@dbo/domain/receivables';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { Page } from '../../lib/page';
import { useApplyCredit, useCustomerPayments, useDeleteCustomerPayment, useReceivable } from './api';
import { ReceivePaymentDialog } from './receive-payment-dialog';
import { StatementButton } from './statement-button';

/** /customer/{id}/receivables: what the customer owes, its credit, its payments; receive a payment. */
export default function CustomerReceivablesPage() {
  const id = Number(useParams().customerId);
  const rec = useReceivable(id);
  const pays = useCustomerPayments(id);
  const apply = useApplyCredit(id);
  const del = useDeleteCustomerPayment(id);
  const { message } = App.useApp();
  const [receiving, setReceiving] = useState(false);
  const data = rec.data;

  return (
    <Page
      title={data ? `Receivables: ${data.customer_name}` : 'Receivables'}
      actions={
        <>
          <Button type="primary" onClick={() => setReceiving(true)} disabled={!data}>
            Receive payment
          </Button>
          <StatementButton customerId={id} />
          <Link className="ant-btn ant-btn-default" to={`/customer/${id}/edit`}>
            Customer
          </Link>
        </>
      }
    >
      {rec.isLoading && <Skeleton active />}
      {rec.error && <Alert type="error" showIcon title={errorMessage(rec.error)} />}
      {data && (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, md: 4 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Open invoices">{formatMoney(data.open_total)}</Descriptions.Item>
            <Descriptions.Item label="On-account credit">
              <span data-testid="on-account">{formatMoney(data.on_account)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="Balance">
              <strong data-testid="receivable-balance">{formatMoney(data.balance)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label="Credit limit">
              {data.credit_limit === null ? 'No limit' : formatMoney(data.credit_limit)}
            </Descriptions.Item>
          </Descriptions>
          {data.on_account > 0 && data.open_invoices.length > 0 && (
            <Button
              style={{ marginBottom: 16 }}
              loading={apply.isPending}
              onClick={() =>
                apply.mutate(undefined, {
                  onSuccess: () => message.success('Credit applied'),
                  onError: (e) => message.error(errorMessage(e)),
                })
              }
            >
              Apply on-account credit
            </Button>
          )}
          <Card title="Open invoices, oldest due first" size="small" style={{ marginBottom: 16 }}>
            <Table<OpenInvoiceRow>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.open_invoices}
              locale={{ emptyText: 'Nothing open' }}
              columns={[
                {
                  title: 'Invoice',
                  render: (_, r) => <Link to={`/invoice/${r.id}`}>#{r.number_label}</Link>,
                },
                { title: 'Date', dataIndex: 'invoiced_at', render: (v: string) => formatDate(v) },
                { title: 'Due', render: (_, r) => (r.due_at ? formatDate(r.due_at) : 'On invoice date') },
                { title: 'Total', dataIndex: 'total', align: 'right', render: (v: number) => formatMoney(v) },
                { title: 'Paid', dataIndex: 'paid_total', align: 'right', render: (v: number) => formatMoney(v) },
                { title: 'Open', dataIndex: 'open', align: 'right', render: (v: number) => formatMoney(v) },
              ]}
            />
          </Card>
        </>
      )}
      <Card title="Payments" size="small">
        <Table<CustomerPayment>
          size="small"
          rowKey="id"
          loading={pays.isLoading}
          dataSource={pays.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: 'Date', dataIndex: 'paid_at', render: (v: string) => formatDate(v) },
            { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: number) => formatMoney(v) },
            {
              title: 'Method',
              dataIndex: 'method',
              render: (v: string) => (v ? (PAYMENT_METHOD_LABELS[v as PaymentMethod] ?? v) : '—'),
            },
            {
              title: 'Reference',
              dataIndex: 'reference',
              // a payment taken on the invoice carries its note ('Check #4471') and no reference
              render: (v: string, p) =>
                v || p.note ? (
                  <>
                    {v}
                    {v && p.note ? ' · ' : ''}
                    {p.note && <Typography.Text type="secondary">{p.note}</Typography.Text>}
                  </>
                ) : (
                  '—'
                ),
            },
            {
              title: 'Allocated to',
              render: (_, p) =>
                p.allocations.map((a) => `#${a.number_label} ${formatMoney(a.amount)}`).join(', ') || '—',
            },
            { title: 'On account', dataIndex: 'on_account', align: 'right', render: (v: number) => formatMoney(v) },
            {
              title: 'Actions',
              render: (_, p) => (
                <Popconfirm
                  title="Delete this payment and all its allocations?"
                  onConfirm={() => del.mutate(p.id, { onError: (e) => message.error(errorMessage(e)) })}
                >
                  <Button danger size="small">
                    Delete
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <ReceivePaymentDialog
        customerId={id}
        open={receiving}
        invoices={data?.open_invoices ?? []}
        onClose={() => setReceiving(false)}
      />
    </Page>
  );
}
