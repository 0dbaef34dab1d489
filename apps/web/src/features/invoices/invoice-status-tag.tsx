import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@dbo/domain/constants';
import { Tag } from 'antd';

export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'default',
  invoiced: 'blue',
  delivered: 'cyan',
  payment_due_soon: 'gold',
  payment_due: 'orange',
  paid: 'green',
  partially_paid: 'lime',
  cancelled: 'red',
};

export function statusLabel(status: string): string {
  return INVOICE_STATUS_LABELS[status as InvoiceStatus] ?? status;
}

export function InvoiceStatusTag({ status }: { status: string }) {
  return (
    <Tag color={STATUS_COLORS[status as InvoiceStatus] ?? 'default'} data-testid="invoice-status">
      {statusLabel(status)}
    </Tag>
  );
}
