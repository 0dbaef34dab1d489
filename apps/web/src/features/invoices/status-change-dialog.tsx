import { Alert, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface PendingChange {
  field: 'status' | 'invoiced_at' | 'due_at';
  label: string;
  oldValue: ReactNode;
  newValue: ReactNode;
  value: string | null;
  /** why the new value cannot be chosen (a status the stamps don't allow): the change is disabled */
  blocked?: string | null;
}

/** Confirms a status or date change on the invoice view, showing the old and the new value. */
export function StatusChangeDialog({
  change,
  busy,
  onConfirm,
  onCancel,
}: {
  change: PendingChange | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const blocked = change?.blocked;
  return (
    <Modal
      open={!!change}
      title={change ? `Change ${change.label}` : ''}
      okText="Yes, Change It"
      cancelText="Cancel"
      onOk={onConfirm}
      onCancel={onCancel}
      okButtonProps={{ disabled: !!blocked }}
      confirmLoading={busy}
      destroyOnHidden
    >
      {change && (
        <div data-testid="change-dialog">
          <Typography.Paragraph>
            Sure you want to change {change.label} from <strong data-testid="change-old">{change.oldValue}</strong> to{' '}
            <strong data-testid="change-new">{change.newValue}</strong>?
          </Typography.Paragraph>
          {blocked && <Alert type="warning" showIcon title={blocked} data-testid="change-blocked" />}
        </div>
      )}
    </Modal>
  );
}
