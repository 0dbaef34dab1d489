import type { PanelInvoice } from '../../lib/extensions';
import { formatDate } from '@dbo/domain/dates';
import { centsToString, formatMoney, toCents } from '@dbo/domain/money';
import { PAYMENT_MSG, type PaymentInput } from '@dbo/domain/payment';
import { EditOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Modal, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSession } from '../../lib/session';
import { errorMessages } from '../../lib/api';
import { DeleteConfirm } from '../../lib/delete-confirm';
import { ErrorAlert } from '../../lib/form-parts';
import { useFormUnsaved } from '../../lib/unsaved-changes';
import { type Payment, useDeletePayment, useInvoicePayments, useSavePayment } from './api';
import { PaymentForm } from './payment-form';

const { Text } = Typography;

/** Payments of one invoice: add and edit (who records payments), delete (owners, spec 1 section 6). */
export default function PaymentsPanel({ invoice, reload }: { invoice: PanelInvoice; reload: () => void }) {
  const { message } = App.useApp();
  const { can } = useSession();
  // only delete is the owner's (spec 1 section 6); editing is recording a payment (PUT is payment.create)
  const isOwner = can('payment.delete');
  const canEdit = can('payment.create');
  const list = useInvoicePayments(invoice.id);
  const save = useSavePayment(invoice.id);
  const remove = useDeletePayment(invoice.id);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<Payment | null>(null);

  const payments = list.data ?? [];
  // the invoice's paid total counts its credit memos too; the list only its payments
  const paidCents =
    invoice.paid_total != null ? toCents(invoice.paid_total) : payments.reduce((s, p) => s + toCents(p.amount), 0);
  // never below 0: money above the total is the customer's on-account credit (issue 30)
  const remainingCents = Math.max(0, toCents(invoice.total) - paidCents);
  const fullyPaid = payments.length > 0 && remainingCents === 0;
  const cancelled = invoice.status === 'cancelled';
  const adding = useFormUnsaved();
  const edit = useFormUnsaved(!!editing);
  const startEdit = (p: Payment) => {
    setErrors(null);
    edit.saved();
    setEditing(p);
  };

  const submit = async (values: PaymentInput, paymentId?: number) => {
    setErrors(null);
    try {
      await save.mutateAsync({ paymentId, values });
      (paymentId ? edit : adding).saved();
      message.success(paymentId ? 'Payment updated' : 'Payment saved');
      setEditing(null);
      reload();
      return true;
    } catch (err) {
      setErrors(errorMessages(err));
      return false;
    }
  };

  // the amount received: what it paid here plus what it left on account
  const editInitial = useMemo(
    () =>
      editing
        ? {
            received_at: editing.received_at,
            amount: (toCents(editing.amount) + toCents(editing.on_account ?? 0)) / 100,
            note: editing.note,
          }
        : undefined,
    [editing],
  );

  const columns = [
    { title: 'Received', dataIndex: 'received_at', render: (v: string) => formatDate(v) },
    {
      title: 'Amount',
      dataIndex: 'amount',
      align: 'right' as const,
      render: (_: number, p: Payment) => <PaymentAmount p={p} />,
    },
    { title: 'Note', dataIndex: 'note', render: (v: string) => v || <Text type="secondary">—</Text> },
    // who recorded the payment (issue 32: every record names its person)
    { title: 'Recorded by', dataIndex: 'user', render: (v?: string | null) => v || <Text type="secondary">—</Text> },
    ...(canEdit || isOwner
      ? [
          {
            title: 'Actions',
            key: 'actions',
            width: 100,
            render: (_: unknown, p: Payment) => (
              <Flex gap={4}>
                {canEdit && (
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label="Edit payment"
                    disabled={cancelled}
                    onClick={() => startEdit(p)}
                  />
                )}
                {isOwner && (
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
                )}
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
        owing={remainingCents / 100}
        busy={save.isPending && !editing}
        disabled={cancelled || !can('payment.create')}
        resetAfterSubmit
        onChange={adding.changed}
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
            // what the invoice owes once this payment's own part is taken off it
            owing={(remainingCents + toCents(editing.amount)) / 100}
            initial={editInitial}
            onChange={edit.changed}
            onSubmit={(v) => submit(v, editing.id)}
          />
        )}
      </Modal>
    </Card>
  );
}

/** What a payment paid on this invoice and, when it was more than owed, the part kept as credit. */
function PaymentAmount({ p }: { p: Payment }) {
  const credit = toCents(p.on_account ?? 0);
  if (credit <= 0) return <>{formatMoney(p.amount)}</>;
  return (
    <Flex vertical align="end" data-testid="payment-parts">
      <span>{formatMoney(p.amount)} on this invoice</span>
      <Text type="secondary" style={{ fontSize: 12 }}>
        + {formatMoney(credit / 100)} on account
      </Text>
    </Flex>
  );
}
