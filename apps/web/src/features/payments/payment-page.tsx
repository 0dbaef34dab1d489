import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { FeatureGate } from '../../lib/feature-gate';
import { centred, centredRight, invoiceLinkColumn, textFilter } from '../../lib/grid-columns';
import { Page } from '../../lib/page';
import { ServerGrid } from '../../lib/server-grid';

interface PaymentRow {
  id: number;
  invoice_id: number;
  number: number;
  beer: boolean;
  customer_id: number;
  customer: string;
  amount: number;
  received_at: string;
  note: string;
}

function PaymentGrid() {
  const { feature } = useSession();
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
        maxWidth: 170,
        filter: 'agDateColumnFilter',
        filterParams: { maxValidDate: new Date(Date.now() + 3 * 86_400_000) },
        valueFormatter: (p) => formatDate(p.value),
      },
      invoiceLinkColumn<PaymentRow>(customerNumbering, 160),
      { field: 'customer', headerName: 'Customer', flex: 2, minWidth: 220, ...textFilter, ...centred },
      {
        field: 'amount',
        headerName: 'Amount',
        ...centredRight,
        type: 'rightAligned',
        maxWidth: 160,
        filter: 'agNumberColumnFilter',
        valueFormatter: (p) => (p.value === undefined ? '' : formatMoney(p.value)),
      },
      { field: 'note', headerName: 'Note', flex: 2, ...textFilter, ...centred },
    ],
    [customerNumbering],
  );
  return (
    <ServerGrid<PaymentRow>
      url="/invoice/payment/grid"
      columnDefs={columnDefs}
      params={params}
      rowHeight={56}
      noRowsText="No payments found."
      testId="payment-grid"
    />
  );
}

/** /payment: the payments report, while the payment feature is active. */
export default function PaymentPage() {
  return (
    <Page title="Payments">
      <FeatureGate name="payment">
        <PaymentGrid />
      </FeatureGate>
    </Page>
  );
}
