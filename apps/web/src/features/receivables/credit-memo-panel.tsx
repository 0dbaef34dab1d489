import { FilePdfOutlined } from '@ant-design/icons';
import { formatMoney } from '@dbo/domain/money';
import { STAMPS_NOTE } from '@dbo/domain/receivables';
import { Alert, App, Button, Card, Input, InputNumber, List, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useUnsavedChangesPrompt } from '../../lib/unsaved-changes';
import type { PanelInvoice } from '../../lib/extensions';
import { downloadBlob, errorMessage } from '../../lib/api';
import {
  type CreditableLine as Line,
  type CreditMemo,
  creditMemoPdf,
  useCreditableLines,
  useCreditMemos,
  useIssueCreditMemo,
} from './api';

/** The invoice's credit memos, and the dialog that issues one for returned or broken bottles. */
export default function CreditMemoPanel({ invoice, reload }: { invoice: PanelInvoice; reload: () => void }) {
  const memos = useCreditMemos(invoice.id);
  const [open, setOpen] = useState(false);
  const { message } = App.useApp();
  const issuable = invoice.status !== 'draft' && invoice.status !== 'cancelled';

  const pdf = async (m: CreditMemo) => {
    try {
      const res = await creditMemoPdf(m.id);
      downloadBlob(await res.blob(), `credit-memo-${m.number_label}.pdf`);
    } catch {
      message.error('Error generating pdf');
    }
  };

  return (
    <Card
      size="small"
      title="Credit memos"
      extra={
        issuable && (
          <Button size="small" onClick={() => setOpen(true)}>
            Credit memo
          </Button>
        )
      }
    >
      <List
        size="small"
        loading={memos.isLoading}
        dataSource={memos.data ?? []}
        locale={{ emptyText: 'No credit memos' }}
        renderItem={(m) => (
          <List.Item
            actions={[
              <Button
                key="pdf"
                size="small"
                icon={<FilePdfOutlined />}
                onClick={() => pdf(m)}
                aria-label={`PDF of ${m.number_label}`}
              />,
            ]}
          >
            <span data-testid="credit-memo">
              {m.number_label} · {formatMoney(m.total)} · {m.reason}
              {m.user ? ` · ${m.user}` : ''}
            </span>
          </List.Item>
        )}
      />
      {open && (
        <CreditMemoDialog
          invoiceId={invoice.id}
          onClose={() => setOpen(false)}
          onIssued={(m) => {
            message.success(`Credit memo ${m.number_label} issued`);
            setOpen(false);
            reload();
          }}
        />
      )}
    </Card>
  );
}

function CreditMemoDialog({
  invoiceId,
  onClose,
  onIssued,
}: {
  invoiceId: number;
  onClose: () => void;
  onIssued: (m: CreditMemo) => void;
}) {
  const detail = useCreditableLines(invoiceId);
  const issue = useIssueCreditMemo(invoiceId);
  const [qty, setQty] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const lines = (detail.data?.items ?? []).filter((l): l is Line & { product_id: number } => l.product_id !== null);
  const items = Object.entries(qty)
    .filter(([, q]) => q > 0)
    .map(([id, q]) => ({ product_id: Number(id), qty: q }));
  useUnsavedChangesPrompt(items.length > 0 || reason.trim() !== '');

  return (
    <Modal
      open
      title="Credit memo"
      okText="Issue credit memo"
      onCancel={onClose}
      confirmLoading={issue.isPending}
      okButtonProps={{ disabled: !items.length || !reason.trim() }}
      onOk={() => issue.mutate({ items, reason }, { onSuccess: onIssued })}
      width={640}
    >
      <Table<Line & { product_id: number }>
        size="small"
        rowKey="product_id"
        pagination={false}
        loading={detail.isLoading}
        dataSource={lines}
        columns={[
          { title: 'Product', dataIndex: 'product_name' },
          { title: 'Sold', dataIndex: 'qty', align: 'right' },
          { title: 'Price', dataIndex: 'price', align: 'right', render: (v: number) => formatMoney(v) },
          {
            title: 'Credit qty',
            align: 'right',
            render: (_, l) => (
              <InputNumber
                aria-label={`Credit quantity of ${l.product_name}`}
                min={0}
                max={l.qty}
                precision={0}
                value={qty[l.product_id] ?? null}
                onChange={(v) => setQty((q) => ({ ...q, [l.product_id]: typeof v === 'number' ? v : 0 }))}
              />
            ),
          },
        ]}
      />
      <label htmlFor="credit-memo-reason" style={{ display: 'block', marginTop: 12 }}>
        Reason
      </label>
      <Input.TextArea
        id="credit-memo-reason"
        rows={2}
        maxLength={5000}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder="Broken in delivery"
      />
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>{STAMPS_NOTE}</Typography.Paragraph>
      {issue.error && <Alert type="error" showIcon style={{ marginTop: 12 }} title={errorMessage(issue.error)} />}
    </Modal>
  );
}
