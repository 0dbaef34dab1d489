import { formatDate, todayInTexas } from '@dbo/domain/dates';
import { formatMoney, toCents } from '@dbo/domain/money';
import {
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  type OpenInvoiceRow,
  allocateOldestFirst,
} from '@dbo/domain/receivables';
import { Alert, Flex, Form, Input, InputNumber, Modal, Select, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useUnsavedChangesPrompt } from '../../lib/unsaved-changes';
import { errorMessage } from '../../lib/api';
import { useReceivePayment } from './api';
import { DayPicker } from '../../lib/day-picker';

/**
 * Receive a payment: amount, method, reference, date; the allocation table starts oldest due
 * first and each line can be changed before saving. What is left stays on account.
 */
export function ReceivePaymentDialog({
  customerId,
  open,
  invoices,
  onClose,
}: {
  customerId: number;
  open: boolean;
  invoices: OpenInvoiceRow[];
  onClose: () => void;
}) {
  const save = useReceivePayment(customerId);
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState<string>('check');
  const [reference, setReference] = useState('');
  const [paidAt, setPaidAt] = useState(todayInTexas());
  const [alloc, setAlloc] = useState<Record<number, number>>({});
  useUnsavedChangesPrompt(open && (amount != null || reference.trim() !== ''));

  useEffect(() => {
    if (!open) return;
    setAmount(null);
    setReference('');
    setPaidAt(todayInTexas());
    setAlloc({});
    save.reset();
  }, [open, save.reset]);

  const autoAllocate = (value: number | null) => {
    setAmount(value);
    const plan = allocateOldestFirst(invoices, value ?? 0);
    setAlloc(Object.fromEntries(plan.map((a) => [a.invoice_id, a.amount])));
  };

  const allocatedCents = useMemo(() => Object.values(alloc).reduce((s, v) => s + toCents(v || 0), 0), [alloc]);
  const leftCents = toCents(amount ?? 0) - allocatedCents;

  const submit = () =>
    save.mutate(
      {
        amount: amount ?? 0,
        method: method as (typeof PAYMENT_METHODS)[number],
        reference,
        paid_at: paidAt,
        allocations: Object.entries(alloc)
          .filter(([, v]) => v > 0)
          .map(([id, v]) => ({ invoice_id: Number(id), amount: v })),
      },
      { onSuccess: onClose },
    );

  return (
    <Modal
      open={open}
      title="Receive payment"
      okText="Save payment"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !amount || leftCents < 0 }}
      width={760}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Flex gap={12} wrap>
          <Form.Item label="Amount" htmlFor="payment-amount" required>
            <InputNumber
              id="payment-amount"
              min={0.01}
              step={0.01}
              precision={2}
              prefix="$"
              value={amount}
              onChange={(v) => autoAllocate(typeof v === 'number' ? v : null)}
              style={{ width: 160 }}
            />
          </Form.Item>
          <Form.Item label="Method" htmlFor="payment-method">
            <Select
              id="payment-method"
              value={method}
              onChange={setMethod}
              style={{ width: 160 }}
              options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            />
          </Form.Item>
          <Form.Item label="Reference" htmlFor="payment-reference">
            <Input
              id="payment-reference"
              value={reference}
              maxLength={255}
              onChange={(e) => setReference(e.target.value)}
              placeholder="Check number"
            />
          </Form.Item>
          <Form.Item label="Date" htmlFor="payment-date">
            <DayPicker id="payment-date" value={paidAt} onChange={setPaidAt} />
          </Form.Item>
        </Flex>
      </Form>
      <Table<OpenInvoiceRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={invoices}
        aria-label="Allocation to open invoices"
        columns={[
          { title: 'Invoice', dataIndex: 'number_label', render: (v: string) => `#${v}` },
          { title: 'Due', render: (_, r) => formatDate(r.due_at ?? r.invoiced_at) },
          { title: 'Open', dataIndex: 'open', align: 'right', render: (v: number) => formatMoney(v) },
          {
            title: 'Allocate',
            align: 'right',
            render: (_, r) => (
              <InputNumber
                aria-label={`Allocate to invoice ${r.number_label}`}
                min={0}
                max={r.open}
                step={0.01}
                precision={2}
                value={alloc[r.id] ?? null}
                onChange={(v) => setAlloc((a) => ({ ...a, [r.id]: typeof v === 'number' ? v : 0 }))}
              />
            ),
          },
        ]}
      />
      <Flex justify="flex-end" gap={24} style={{ marginTop: 12 }}>
        <Typography.Text>Allocated: {formatMoney(allocatedCents / 100)}</Typography.Text>
        <Typography.Text strong data-testid="on-account-left">
          On account: {formatMoney(Math.max(leftCents, 0) / 100)}
        </Typography.Text>
      </Flex>
      {leftCents < 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title="The allocations add up to more than the payment"
        />
      )}
      {save.error && <Alert type="error" showIcon style={{ marginTop: 12 }} title={errorMessage(save.error)} />}
    </Modal>
  );
}
