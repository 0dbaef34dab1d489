import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { displayNumber } from '@dbo/domain/invoice';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { FeatureGate } from '../../lib/feature-gate';
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

// rows are taller than the text: centre it vertically
const middle = { cellStyle: { display: 'flex', alignItems: 'center' } };
const middleRight = { cellStyle: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end' } };

const text = {
  filter: 'agTextColumnFilter',
  filterParams: { filterOptions: ['contains', 'equals', 'startsWith'], maxNumConditions: 1 },
};

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
        ...middle,
        sort: 'desc',
        maxWidth: 170,
        filter: 'agDateColumnFilter',
        filterParams: { maxValidDate: new Date(Date.now() + 3 * 86_400_000) },
        valueFormatter: (p) => formatDate(p.value),
      },
      {
        colId: 'number',
        field: 'number',
        headerName: 'Invoice',
        ...middle,
        maxWidth: 160,
        filter: 'agNumberColumnFilter',
        filterParams: { filterOptions: ['equals', 'greaterThan', 'lessThan', 'inRange'], maxNumConditions: 1 },
        cellRenderer: (p: { data?: PaymentRow }) => {
          if (!p.data) return null;
          const label = displayNumber(p.data, customerNumbering);
          return (
            <Link to={`/invoice/${label}`}>
              <strong>#{label}</strong>
            </Link>
          );
        },
      },
      { field: 'customer', headerName: 'Customer', flex: 2, minWidth: 220, ...text, ...middle },
      {
        field: 'amount',
        headerName: 'Amount',
        ...middleRight,
        type: 'rightAligned',
        maxWidth: 160,
        filter: 'agNumberColumnFilter',
        valueFormatter: (p) => (p.value === undefined ? '' : formatMoney(p.value)),
      },
      { field: 'note', headerName: 'Note', flex: 2, ...text, ...middle },
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
