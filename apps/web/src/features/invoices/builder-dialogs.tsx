import { formatDate } from '@dbo/domain/dates';
import { INVOICE_MSG } from '@dbo/domain/invoice';
import { formatMoney } from '@dbo/domain/money';
import { Alert, Button, Modal } from 'antd';
import { memo } from 'react';
import { Link } from 'react-router';
import { displayNumber } from './api';
import type { InvoiceBuilder } from './use-invoice-builder';

/** Lines at $0.00: fix the first price, or save anyway. */
// memoised: closed, they skip the builder's keystrokes (issue 19)
export const ZeroPriceDialog = memo(function ZeroPriceDialog({
  zeroPrice,
}: {
  zeroPrice: InvoiceBuilder['zeroPrice'];
}) {
  return (
    <Modal
      open={!!zeroPrice.items}
      title="Item price set to $0.00"
      onCancel={zeroPrice.close}
      afterClose={zeroPrice.afterClose}
      footer={[
        <Button key="fix" onClick={zeroPrice.fix}>
          Fix Price
        </Button>,
        <Button key="skip" type="primary" onClick={zeroPrice.skip}>
          Skip and create
        </Button>,
      ]}
    >
      <div data-testid="zero-price-dialog">
        {zeroPrice.items?.map((i) => (
          <p key={i.key} style={{ margin: '4px 0' }}>
            <strong>
              {i.product} {i.product_size}
            </strong>{' '}
            is {INVOICE_MSG.zeroPrice}.
          </p>
        ))}
      </div>
    </Modal>
  );
});

/** The server found a similar invoice in the last 24 hours: cancel, or create anyway. */
export const DuplicateDialog = memo(function DuplicateDialog({
  dialog,
  saving,
}: {
  dialog: InvoiceBuilder['duplicateDialog'];
  saving: boolean;
}) {
  const duplicate = dialog.warning;
  const dupInvoice = duplicate?.invoice;
  return (
    <Modal
      open={!!duplicate}
      title="Possible duplicate invoice"
      onCancel={dialog.close}
      footer={[
        <Button key="cancel" onClick={dialog.close}>
          Cancel
        </Button>,
        <Button key="force" type="primary" danger loading={saving} onClick={dialog.force}>
          Create anyway
        </Button>,
      ]}
    >
      <div data-testid="duplicate-dialog">
        <Alert type="warning" showIcon title={duplicate?.message ?? INVOICE_MSG.duplicate} />
        {dupInvoice && (
          <p style={{ marginTop: 12 }}>
            Existing invoice{' '}
            <Link to={`/invoice/${encodeURIComponent(displayNumber(dupInvoice))}`} target="_blank">
              #{displayNumber(dupInvoice)}
            </Link>{' '}
            of {formatDate(dupInvoice.invoiced_at)}
            {dupInvoice.total != null ? `, total ${formatMoney(dupInvoice.total)}` : ''}. Create this one anyway?
          </p>
        )}
      </div>
    </Modal>
  );
});
