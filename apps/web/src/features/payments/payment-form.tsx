import { DATE_LIMITS } from '@dbo/domain/constants';
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { type PaymentInput, paymentSchema } from '@dbo/domain/payment';
import { Button, DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { zodRule } from '../../lib/zod-form';

export interface PaymentFormValues {
  received_at?: string;
  amount?: number | null;
  note?: string;
}

/** The payment fields with the shared rules; errors show under each field. */
export function PaymentForm({
  initial,
  busy,
  disabled,
  submitText,
  layout = 'inline',
  onSubmit,
  resetAfterSubmit,
}: {
  initial?: PaymentFormValues;
  busy?: boolean;
  disabled?: boolean;
  submitText: string;
  layout?: 'inline' | 'vertical';
  onSubmit: (values: PaymentInput) => Promise<boolean>;
  resetAfterSubmit?: boolean;
}) {
  const [form] = Form.useForm<PaymentFormValues>();
  const maxDay = addDays(todayInTexas(), DATE_LIMITS.paymentDaysAhead);

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
      onFinish={async (v) => {
        const ok = await onSubmit({
          received_at: v.received_at ?? '',
          amount: v.amount ?? undefined,
          note: v.note ?? '',
        } as PaymentInput);
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
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitText}
        </Button>
      </Form.Item>
    </Form>
  );
}
