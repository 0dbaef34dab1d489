import { formatDateTime } from '@dbo/domain/dates';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { useSession } from '../../lib/session';
import { gatedPage } from '../../lib/feature-gate';
import { centred, invoiceLinkColumn, textFilter } from '../../lib/grid-columns';
import { type GridRow, ServerGrid } from '../../lib/server-grid';
import { emailGrid } from './api';

type EmailRow = GridRow<typeof emailGrid>;

function EmailGrid() {
  const { feature } = useSession();
  const customerNumbering = feature('customer_invoice_numbering');
  const columnDefs = useMemo<ColDef<EmailRow>[]>(
    () => [
      {
        field: 'created_at',
        headerName: 'Sent',
        ...centred,
        sort: 'desc',
        minWidth: 190,

        filter: 'agDateColumnFilter',
        filterParams: { maxValidDate: new Date() },
        valueFormatter: (p) => formatDateTime(p.value),
      },
      invoiceLinkColumn<EmailRow>(customerNumbering),
      { field: 'customer', headerName: 'Customer', flex: 2, minWidth: 200, ...textFilter, ...centred },
      { field: 'emailed_to', headerName: 'Emailed To', flex: 2, minWidth: 220, ...textFilter, ...centred },
      { field: 'notes', headerName: 'Notes', flex: 2, ...textFilter, ...centred },
      { field: 'user', headerName: 'Sent By', ...textFilter, ...centred },
    ],
    [customerNumbering],
  );
  return (
    <ServerGrid<EmailRow>
      endpoint={emailGrid}
      columnDefs={columnDefs}
      rowHeight={50}
      noRowsText="No emails sent yet."
      testId="email-grid"
    />
  );
}

/** /emails: every invoice emailed, newest first, while the email feature is active. */
export default gatedPage('email', EmailGrid, 'Email Log');
