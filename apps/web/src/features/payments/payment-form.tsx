import { DATE_LIMITS } from '@dbo/domain/constants';
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { overpaymentNotice } from '@dbo/domain/overpayment';
import { type PaymentInput, paymentSchema } from '@dbo/domain/payment';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useId, useState } from 'react';
import { zodRule } from '../../lib/zod-form';

export interface PaymentFormValues {
  received_at?: string;
  amount?: number | null;
  note?: string;
}

/**
 * The payment fields with the shared rules; errors show under each field. An amount above `owing`
 * says in words where the rest goes (the customer's on-account credit) and the submit waits for a
 * confirmation of that very amount (issue 30).
 */
export function PaymentForm({
  initial,
  owing,
  busy,
  disabled,
  submitText,
  layout = 'inline',
  onSubmit,
  onChange,
  resetAfterSubmit,
}: {
  initial?: PaymentFormValues;
  /** what the invoice still owes, in dollars (this payment's own part included when editing it) */
  owing: number;
  busy?: boolean;
  disabled?: boolean;
  submitText: string;
  layout?: 'inline' | 'vertical';
  onSubmit: (values: PaymentInput) => Promise<boolean>;
  /** the user typed or picked something (unsaved work) */
  onChange?: () => void;
  resetAfterSubmit?: boolean;
}) {
  const [form] = Form.useForm<PaymentFormValues>();
  const maxDay = addDays(todayInTexas(), DATE_LIMITS.paymentDaysAhead);
  const amount = Form.useWatch('amount', form);
  const notice = amount != null && Number.isFinite(Number(amount)) ? overpaymentNotice(amount, owing) : null;
  // the confirmation holds for the amount it was given for: another amount asks again
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const confirmed = !!notice && confirmedFor === notice;
  const noticeId = useId();

  useEffect(() => {
    form.setFieldsValue({ received_at: todayInTexas(), amount: null, note: '', ...initial });
  }, [form, initial]);

  return (
    <Form
      form={form}
      layout={layout}
      disabled={disabled}
      data-testid="payment-form"
      style={layout === 'inline' ? { rowGap: 8 } : undefined}
      onValuesChange={onChange}
      onFinish={async (v) => {
        if (notice && !confirmed) return;
        const ok = await onSubmit({
          received_at: v.received_at ?? '',
          amount: v.amount ?? undefined,
          note: v.note ?? '',
        } as PaymentInput);
        if (ok) setConfirmedFor(null);
        if (ok && resetAfterSubmit) form.setFieldsValue({ received_at: todayInTexas(), amount: null, note: '' });
      }}
    >
      <Form.Item
        name="received_at"
        label="Received"
        rules={[zodRule(paymentSchema, 'received_at')]}
        getValueProps={(v?: string) => ({ value: v ? dayjs(v) : null })}
        normalize={(d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
      >
        <DatePicker
          aria-label="Received date"
          format="DD MMM, YYYY"
          disabledDate={(d) => d.format('YYYY-MM-DD') > maxDay}
          style={{ width: 150 }}
        />
      </Form.Item>
      <Form.Item name="amount" label="Amount" rules={[zodRule(paymentSchema, 'amount')]}>
        <InputNumber aria-label="Amount" prefix="$" precision={2} step={1} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="note" label="Note">
        <Input
          aria-label="Payment note"
          placeholder="Check #, cash…"
          style={{ width: layout === 'inline' ? 180 : '100%' }}
        />
      </Form.Item>
      {notice && (
        <Form.Item style={layout === 'inline' ? { flexBasis: '100%', marginInlineEnd: 0 } : undefined}>
          <Alert
            type="warning"
            showIcon
            data-testid="overpayment"
            title={<span id={noticeId}>{notice}</span>}
            description={
              <Checkbox
                checked={confirmed}
                onChange={(e) => setConfirmedFor(e.target.checked ? notice : null)}
                data-testid="overpayment-confirm"
              >
                Yes, keep the rest as credit on the account
              </Checkbox>
            }
          />
        </Form.Item>
      )}
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={busy}
          disabled={!!notice && !confirmed}
          aria-describedby={notice ? noticeId : undefined}
        >
          {submitText}
        </Button>
      </Form.Item>
    </Form>
  );
}
