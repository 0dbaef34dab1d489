import { formatDate } from '@dbo/domain/dates';
import { paymentGrid } from '@dbo/domain/endpoints/payments';
import { formatMoney } from '@dbo/domain/money';
import type { ColDef } from 'ag-grid-community';
import { App } from 'antd';
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { gatedPage } from '../../lib/feature-gate';
import { centred, centredRight, invoiceLinkColumn, textFilter } from '../../lib/grid-columns';
import { errorMessage } from '../../lib/api';
import { DeleteConfirm } from '../../lib/delete-confirm';
import { type GridRow, ServerGrid, type ServerGridHandle } from '../../lib/server-grid';
import { queryKeys } from '../../lib/query-keys';
import { useDeleteInvoicePayment } from './api';

type PaymentRow = GridRow<typeof paymentGrid>;

function PaymentGrid() {
  const { feature, can } = useSession();
  const { message } = App.useApp();
  const grid = useRef<ServerGridHandle>(null);
  const remove = useDeleteInvoicePayment();
  const isOwner = can('payment.delete');
  // the renderer is created once per column set; it reads the latest mutation through a ref
  const removeRef = useRef(remove);
  removeRef.current = remove;
  const [search] = useSearchParams();
  const customerNumbering = feature('customer_invoice_numbering');
  const params = useMemo(() => {
    const customerId = search.get('customerId');
    return customerId ? { customerId } : undefined;
  }, [search]);
  const columnDefs = useMemo<ColDef<PaymentRow>[]>(
    () => [
      {
        field: 'received_at',
        headerName: 'Received',
        ...centred,
        sort: 'desc',

        filter: 'agDateColumnFilter',
        filterParams: { maxValidDate: new Date(Date.now() + 3 * 86_400_000) },
        valueFormatter: (p) => formatDate(p.value),
      },
      invoiceLinkColumn<PaymentRow>(customerNumbering),
      { field: 'customer', headerName: 'Customer', flex: 2, minWidth: 220, ...textFilter, ...centred },
      {
        field: 'amount',
        headerName: 'Amount',
        // right in the cell; the header keeps its filter icon where every column has it
        ...centredRight,

        filter: 'agNumberColumnFilter',
        valueFormatter: (p) => (p.value === undefined ? '' : formatMoney(p.value)),
      },
      { field: 'note', headerName: 'Note', flex: 2, ...textFilter, ...centred },
      // spec 1 section 6: the owner deletes a payment here too, after a confirmation
      ...(isOwner
        ? [
            {
              colId: 'actions',
              headerName: 'Actions',
              sortable: false,
              resizable: false,
              width: 100,
              suppressAutoSize: true,

              minWidth: 100,
              ...centred,
              cellRenderer: (p: { data?: PaymentRow }) =>
                p.data ? (
                  <DeleteConfirm
                    title="Delete this payment?"
                    label="Delete payment"
                    onConfirm={async () => {
                      const row = p.data as PaymentRow;
                      try {
                        await removeRef.current.mutateAsync({ invoiceId: row.invoice_id, paymentId: row.id });
                        message.success('Payment deleted');
                        grid.current?.refresh();
                      } catch (err) {
                        message.error(errorMessage(err));
                      }
                    }}
                  />
                ) : null,
            } satisfies ColDef<PaymentRow>,
          ]
        : []),
    ],
    [customerNumbering, isOwner, message],
  );
  return (
    <ServerGrid<PaymentRow>
      ref={grid}
      endpoint={paymentGrid}
      liveKey={queryKeys.payments.all}
      columnDefs={columnDefs}
      params={params}
      rowHeight={56}
      noRowsText="No payments found."
      testId="payment-grid"
    />
  );
}

/** /payment: the payments report, while the payment feature is active. */
export default gatedPage('payment', PaymentGrid, 'Payments');
