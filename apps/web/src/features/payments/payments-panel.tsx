import type { PanelInvoice } from '../../app/extensions';
import { formatDate } from '@dbo/domain/dates';
import { centsToString, formatMoney, toCents } from '@dbo/domain/money';
import { PAYMENT_MSG, type PaymentInput } from '@dbo/domain/payment';
import { EditOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../app/session';
import { errorMessages } from '../../lib/api';
import { DeleteConfirm } from '../../lib/delete-confirm';
import { ErrorAlert } from '../../lib/form-parts';
import { type Payment, useDeletePayment, useInvoicePayments, useSavePayment } from './api';
import { PaymentForm } from './payment-form';

const { Text } = Typography;

/** Payments of one invoice: add, and for owners edit and delete (spec 1 section 6). */
export default function PaymentsPanel({ invoice, reload }: { invoice: PanelInvoice; reload: () => void }) {
  const { message } = App.useApp();
  const { can } = useSession();
  // edit and delete stay the owner's (spec 1 section 6): the permission table's payment.delete
  const isOwner = can('payment.delete');
  const list = useInvoicePayments(invoice.id);
  const save = useSavePayment(invoice.id);
  const remove = useDeletePayment(invoice.id);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<Payment | null>(null);

  const payments = list.data ?? [];
  const paidCents = payments.reduce((s, p) => s + toCents(p.amount), 0);
  const remainingCents = toCents(invoice.total) - paidCents;
  const fullyPaid = payments.length > 0 && remainingCents <= 0;
  const cancelled = invoice.status === 'cancelled';

  const submit = async (values: PaymentInput, paymentId?: number) => {
    setErrors(null);
    try {
      await save.mutateAsync({ paymentId, values });
      message.success(paymentId ? 'Payment updated' : 'Payment saved');
      setEditing(null);
      reload();
      return true;
    } catch (err) {
      setErrors(errorMessages(err));
      return false;
    }
  };

  const columns = [
    { title: 'Received', dataIndex: 'received_at', render: (v: string) => formatDate(v) },
    { title: 'Amount', dataIndex: 'amount', align: 'right' as const, render: (v: number) => formatMoney(v) },
    { title: 'Note', dataIndex: 'note', render: (v: string) => v || <Text type="secondary">—</Text> },
    ...(isOwner
      ? [
          {
            title: 'Actions',
            key: 'actions',
            width: 100,
            render: (_: unknown, p: Payment) => (
              <Flex gap={4}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label="Edit payment"
                  disabled={cancelled}
                  onClick={() => {
                    setErrors(null);
                    setEditing(p);
                  }}
                />
                <DeleteConfirm
                  title="Delete this payment?"
                  label="Delete payment"
                  onConfirm={async () => {
                    setErrors(null);
                    try {
                      await remove.mutateAsync(p.id);
                      message.success('Payment deleted');
                      reload();
                    } catch (err) {
                      setErrors(errorMessages(err));
                    }
                  }}
                />
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title="Payments" size="small" data-testid="payments-panel">
      <Flex gap={24} wrap style={{ marginBottom: 12 }}>
        <span>
          Total <Text strong>{formatMoney(invoice.total)}</Text>
        </span>
        <span>
          Paid <Text strong>{formatMoney(paidCents / 100)}</Text>
        </span>
        <span data-testid="payments-remaining">
          Remaining{' '}
          <Text strong type={cancelled ? 'secondary' : remainingCents > 0 ? 'danger' : 'success'}>
            {formatMoney(Number(centsToString(remainingCents)))}
            {cancelled && ' (cancelled, not owed)'}
          </Text>
        </span>
      </Flex>
      {fullyPaid && <Alert type="warning" showIcon title={PAYMENT_MSG.alreadyPaid} style={{ marginBottom: 12 }} />}
      {cancelled && <Alert type="info" showIcon title={PAYMENT_MSG.cancelled} style={{ marginBottom: 12 }} />}
      {errors && !editing && (
        <ErrorAlert title={PAYMENT_MSG.saveError} errors={errors} gap={12} closable onClose={() => setErrors(null)} />
      )}
      {list.isError && <Alert type="error" showIcon title="Error loading payments" style={{ marginBottom: 12 }} />}
      <PaymentForm
        submitText="Add Payment"
        busy={save.isPending && !editing}
        disabled={cancelled || !can('payment.create')}
        resetAfterSubmit
        onSubmit={(v) => submit(v)}
      />
      <Table<Payment>
        style={{ marginTop: 12 }}
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={payments}
        columns={columns}
        pagination={false}
        locale={{ emptyText: 'No payments yet' }}
      />
      <Modal
        open={!!editing}
        title="Edit payment"
        footer={null}
        destroyOnHidden
        onCancel={() => {
          setEditing(null);
          setErrors(null);
        }}
      >
        {errors && editing && <ErrorAlert title={PAYMENT_MSG.saveError} errors={errors} gap={12} />}
        {editing && (
          <PaymentForm
            layout="vertical"
            submitText="Save"
            busy={save.isPending}
            initial={{ received_at: editing.received_at, amount: editing.amount, note: editing.note }}
            onSubmit={(v) => submit(v, editing.id)}
          />
        )}
      </Modal>
    </Card>
  );
}
