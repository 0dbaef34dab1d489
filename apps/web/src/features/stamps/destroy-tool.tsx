import { DESTROY_REASON_LABEL, DESTROY_REASONS, type DestroyReason, STAMP_RECORD_MSG } from '@dbo/domain/stamp-record';
import { NOTHING_DESTROYED, STAMP_MSG, rangeLabel, stampDestroySchema } from '@dbo/domain/stamps';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useFormUnsaved } from '../../lib/unsaved-changes';
import { zodRule } from '../../lib/zod-form';
import { type DestroyResult, useDestroyStamps, useStampRolls } from './api';

interface Values {
  roll_id?: number;
  from?: number | null;
  to?: number | null;
  note?: string;
  reason?: DestroyReason;
  replaces?: string;
}

/** The destroy tool: marks the AVAILABLE stamps of a range DESTROYED and tells what happened. */
export function DestroyTool({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const rolls = useStampRolls();
  const [result, setResult] = useState<DestroyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // a range typed and not destroyed asks before the page is left (issue 30)
  const unsaved = useFormUnsaved(open);
  const destroy = useDestroyStamps((r) => {
    unsaved.saved();
    setResult(r);
    onDone();
  });
  const close = () => {
    unsaved.discard();
    onClose();
  };
  const rollId = Form.useWatch('roll_id', form);
  const roll = rolls.data?.find((r) => r.id === rollId);
  const reason = Form.useWatch('reason', form);

  useEffect(() => {
    if (!open) return;
    setResult(null);
    setError(null);
  }, [open]);
  // the current roll is the default choice (kept when the rolls reload after a destroy)
  useEffect(() => {
    if (!open) return;
    const current = rolls.data?.find((r) => r.usable) ?? rolls.data?.[0];
    if (current && !form.getFieldValue('roll_id')) form.setFieldValue('roll_id', current.id);
  }, [open, rolls.data, form]);

  const onFinish = (v: Values) => {
    setError(null);
    setResult(null);
    destroy.mutate(
      {
        roll_id: Number(v.roll_id),
        from: Number(v.from),
        to: Number(v.to),
        note: v.note ?? '',
        reason: v.reason ?? 'destroyed',
        ...(v.reason === 'replacement' ? { replaces: v.replaces ?? '' } : {}),
      },
      { onError: (err) => setError(errorMessage(err)) },
    );
  };

  return (
    <Modal
      title="Destroy Stamps"
      open={open}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          Close
        </Button>,
        <Button key="destroy" danger type="primary" loading={destroy.isPending} onClick={() => form.submit()}>
          Destroy
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        Available stamps in the range are taken out of stock for the reason chosen (it appears in the stamp transaction
        record) and can no longer be invoiced. Invoiced stamps are left alone.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={unsaved.changed}
        initialValues={{ reason: 'destroyed' }}
        data-testid="destroy-form"
      >
        <Form.Item label="Roll" name="roll_id" rules={[{ required: true, message: STAMP_MSG.rollId }]}>
          <Select
            loading={rolls.isLoading}
            options={(rolls.data ?? []).map((r) => ({
              value: r.id,
              label: `${rangeLabel(r.prefix, r.from, r.to)} (${r.stampsCount} available)`,
            }))}
          />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item
            label="Stamp Start"
            name="from"
            style={{ flex: 1 }}
            rules={[zodRule(stampDestroySchema, 'from')]}
            extra={roll ? `Roll starts at ${roll.prefix}${roll.from}` : undefined}
          >
            <InputNumber style={{ width: '100%' }} min={1} precision={0} />
          </Form.Item>
          <Form.Item
            label="Stamp End"
            name="to"
            style={{ flex: 1 }}
            dependencies={['from']}
            rules={[zodRule(stampDestroySchema, 'to')]}
            extra={roll ? `Roll ends at ${roll.prefix}${roll.to}` : undefined}
          >
            <InputNumber style={{ width: '100%' }} min={1} precision={0} />
          </Form.Item>
        </Flex>
        <Flex gap={12}>
          <Form.Item label="Reason" name="reason" style={{ flex: 1 }}>
            <Select
              aria-label="Reason"
              options={DESTROY_REASONS.map((r) => ({ value: r, label: DESTROY_REASON_LABEL[r] }))}
            />
          </Form.Item>
          {reason === 'replacement' && (
            <Form.Item
              label="Replaces Stamp"
              name="replaces"
              style={{ flex: 1 }}
              normalize={(v?: string) => v?.toUpperCase()}
              rules={[{ required: true, whitespace: true, message: STAMP_RECORD_MSG.replacesRequired }]}
              extra="Serial number of the stamp it replaces, e.g. A1234"
            >
              <Input maxLength={40} />
            </Form.Item>
          )}
        </Flex>
        <Form.Item label="Note" name="note" normalize={(v?: string) => v?.toUpperCase()}>
          <Input.TextArea rows={2} placeholder="Why are these stamps destroyed?" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title="Something went wrong" description={error} />}
      {result && (
        <Flex vertical gap={8} data-testid="destroy-result">
          {result.entries.map((e) => (
            <Alert key={e.status} showIcon type={e.destroyed ? 'success' : 'warning'} title={e.message} />
          ))}
          {result.destroyed === 0 && <Alert showIcon type="info" title={NOTHING_DESTROYED} />}
        </Flex>
      )}
    </Modal>
  );
}
