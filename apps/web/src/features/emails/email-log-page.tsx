import { formatDateTime } from '@dbo/domain/dates';
import { displayNumber } from '@dbo/domain/invoice';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { FeatureGate } from '../../lib/feature-gate';
import { Page } from '../../lib/page';
import { ServerGrid } from '../../lib/server-grid';

interface EmailRow {
  id: number;
  invoice_id: number;
  number: number;
  beer: boolean;
  customer_id: number;
  customer: string;
  emailed_to: string;
  notes: string;
  user: string | null;
  created_at: string;
}

// rows are taller than the text: centre it vertically
const middle = { cellStyle: { display: 'flex', alignItems: 'center' } };

const text = {
  filter: 'agTextColumnFilter',
  filterParams: { filterOptions: ['contains', 'equals', 'startsWith'], maxNumConditions: 1 },
};

function EmailGrid() {
  const { feature } = useSession();
  const customerNumbering = feature('customer_invoice_numbering');
  const columnDefs = useMemo<ColDef<EmailRow>[]>(
    () => [
      {
        field: 'created_at',
        headerName: 'Sent',
        ...middle,
        sort: 'desc',
        minWidth: 190,
        maxWidth: 210,
        filter: 'agDateColumnFilter',
        filterParams: { maxValidDate: new Date() },
        valueFormatter: (p) => formatDateTime(p.value),
      },
      {
        colId: 'number',
        field: 'number',
        headerName: 'Invoice',
        ...middle,
        maxWidth: 150,
        filter: 'agNumberColumnFilter',
        filterParams: { filterOptions: ['equals', 'greaterThan', 'lessThan', 'inRange'], maxNumConditions: 1 },
        cellRenderer: (p: { data?: EmailRow }) => {
          if (!p.data) return null;
          const label = displayNumber(p.data, customerNumbering);
          return (
            <Link to={`/invoice/${label}`}>
              <strong>#{label}</strong>
            </Link>
          );
        },
      },
      { field: 'customer', headerName: 'Customer', flex: 2, minWidth: 200, ...text, ...middle },
      { field: 'emailed_to', headerName: 'Emailed To', flex: 2, minWidth: 220, ...text, ...middle },
      { field: 'notes', headerName: 'Notes', flex: 2, ...text, ...middle },
      { field: 'user', headerName: 'Sent By', maxWidth: 180, ...text, ...middle },
    ],
    [customerNumbering],
  );
  return (
    <ServerGrid<EmailRow>
      url="/invoice/email/grid"
      columnDefs={columnDefs}
      rowHeight={50}
      noRowsText="No emails sent yet."
      testId="email-grid"
    />
  );
}

/** /emails: every invoice emailed, newest first, while the email feature is active. */
export default function EmailLogPage() {
  return (
    <Page title="Email Log">
      <FeatureGate name="email">
        <EmailGrid />
      </FeatureGate>
    </Page>
  );
}
