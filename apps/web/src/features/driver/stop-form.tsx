import type { StopCompleteInput } from '@dbo/domain/delivery';
import type { DriverInvoice } from './api';
import { formatMoney } from '@dbo/domain/money';
import { Alert, Button, Flex, Input, InputNumber, Radio, Typography } from 'antd';
import { useId, useState } from 'react';
import { SignaturePad } from './signature-pad';

/** A phone photo made small enough to send over a weak signal (JPEG, at most 1280 px). */
async function shrinkPhoto(file: File): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const scale = Math.min(1, 1280 / Math.max(img.width, img.height));
    const c = document.createElement('canvas');
    c.width = Math.round(img.width * scale);
    c.height = Math.round(img.height * scale);
    c.getContext('2d')?.drawImage(img, 0, 0, c.width, c.height);
    return c.toDataURL('image/jpeg', 0.7);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** What the driver records at the door for one invoice; `onDone` gets the request body. */
export function StopForm({
  invoice,
  onDone,
  onCancel,
}: {
  invoice: DriverInvoice;
  onDone: (body: Omit<StopCompleteInput, 'client_id'>) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [qty, setQty] = useState<Record<number, number>>(() =>
    Object.fromEntries(invoice.lines.map((l) => [l.item_id, l.qty])),
  );
  const [reason, setReason] = useState<Record<number, string>>({});
  const [receivedBy, setReceivedBy] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [method, setMethod] = useState<'cash' | 'check'>('cash');
  const [amount, setAmount] = useState<number | null>(invoice.cod ? invoice.balance : null);
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const short = invoice.lines.find((l) => (qty[l.item_id] ?? l.qty) < l.qty && !reason[l.item_id]?.trim());
    if (short) return setProblem(`Say why ${short.product_name} was short or refused`);
    if (!receivedBy.trim()) return setProblem("Type the receiver's printed name");
    if (!signature) return setProblem('The receiver signs in the box');
    const pay = invoice.cod && amount && amount > 0;
    if (pay && method === 'check' && !reference.trim()) return setProblem('Type the check number');
    setProblem(null);
    onDone({
      received_by: receivedBy.trim(),
      signature_png: signature,
      photo: photo ?? undefined,
      lines: invoice.lines.map((l) => ({
        item_id: l.item_id,
        delivered_qty: qty[l.item_id] ?? l.qty,
        reason: reason[l.item_id]?.trim() || undefined,
      })),
      payment: pay ? { method, amount, reference: reference.trim() || undefined } : undefined,
      completed_at: new Date().toISOString(),
    });
  };

  return (
    <form
      aria-label={`Deliver invoice ${invoice.number_label}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Flex vertical gap={12}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Invoice #{invoice.number_label}
        </Typography.Title>
        {invoice.lines.map((l) => {
          const delivered = qty[l.item_id] ?? l.qty;
          return (
            <div key={l.item_id} style={{ borderBottom: '1px solid #eee', paddingBottom: 8 }}>
              <label htmlFor={`${id}-q-${l.item_id}`} style={{ display: 'block' }}>
                {l.product_name} {l.product_size} — ordered {l.qty}
              </label>
              <InputNumber
                id={`${id}-q-${l.item_id}`}
                aria-label={`Delivered quantity of ${l.product_name}`}
                min={0}
                max={l.qty}
                precision={0}
                value={delivered}
                onChange={(v) => setQty((q) => ({ ...q, [l.item_id]: v ?? 0 }))}
                style={{ width: 120 }}
                inputMode="numeric"
              />
              {delivered < l.qty && (
                <Input
                  aria-label={`Why ${l.product_name} was short or refused`}
                  placeholder="Reason: broken, refused, not on truck…"
                  value={reason[l.item_id] ?? ''}
                  onChange={(e) => setReason((r) => ({ ...r, [l.item_id]: e.target.value }))}
                  style={{ marginTop: 6 }}
                />
              )}
            </div>
          );
        })}
        {invoice.cod && (
          <fieldset style={{ border: '1px solid #f0c36d', borderRadius: 6, padding: 8 }}>
            <legend>Cash on delivery: {formatMoney(invoice.balance)}</legend>
            <Radio.Group
              aria-label="Payment method"
              value={method}
              onChange={(e) => setMethod(e.target.value)}
              options={[
                { label: 'Cash', value: 'cash' },
                { label: 'Check', value: 'check' },
              ]}
            />
            <Flex gap={8} style={{ marginTop: 8 }} wrap>
              <InputNumber
                aria-label="Amount collected"
                min={0}
                precision={2}
                value={amount}
                onChange={(v) => setAmount(v)}
                prefix="$"
                inputMode="decimal"
              />
              {method === 'check' && (
                <Input
                  aria-label="Check number"
                  placeholder="Check number"
                  value={reference}
                  onChange={(e) => setReference(e.target.value)}
                  style={{ width: 150 }}
                />
              )}
            </Flex>
          </fieldset>
        )}
        <div>
          <label htmlFor={`${id}-name`}>Receiver's printed name</label>
          <Input
            id={`${id}-name`}
            autoComplete="off"
            value={receivedBy}
            onChange={(e) => setReceivedBy(e.target.value)}
          />
        </div>
        <SignaturePad id={`${id}-sig`} onChange={setSignature} />
        <div>
          <label htmlFor={`${id}-photo`}>Photo (optional)</label>
          <input
            id={`${id}-photo`}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              setPhoto(f ? await shrinkPhoto(f) : null);
            }}
            style={{ display: 'block', marginTop: 4 }}
          />
        </div>
        {problem && <Alert type="error" showIcon title={problem} role="alert" />}
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" size="large" style={{ flex: 1 }}>
            Complete delivery
          </Button>
          <Button size="large" onClick={onCancel}>
            Back
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
