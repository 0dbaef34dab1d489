import { PlusOutlined, TeamOutlined, WarningOutlined } from '@ant-design/icons';
import { formatDate } from '@dbo/domain/dates';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import { useSession } from '../../lib/session';
import { dateResetFilter, textResetFilter as text } from '../../lib/grid-columns';
import { Page } from '../../lib/page';
import { type GridRow, ServerGrid } from '../../lib/server-grid';
import { queryKeys } from '../../lib/query-keys';
import { customerGrid } from '@dbo/domain/endpoints/customers';

import { DelinquencyTags } from './credit-law';
import { CustomerDetailDrawer } from './customer-detail-drawer';
import { ButtonLink } from '../../lib/button-link';

/** A row of the customers grid (the detail drawer shows it). */
type Customer = GridRow<typeof customerGrid>;

export default function CustomerGridPage() {
  const { feature, can } = useSession();
  const [selected, setSelected] = useState<Customer | null>(null);
  const tiered = feature('tiered_pricing');
  const columnDefs = useMemo<ColDef<Customer>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1,
        minWidth: 240,
        ...text,
        cellRenderer: (p: { value?: string; data?: Customer }) => (
          <span>
            {p.value}{' '}
            {p.data && <DelinquencyTags delinquent={p.data.delinquent} tabc_delinquent={p.data.tabc_delinquent} />}
          </span>
        ),
      },
      {
        field: 'address',
        headerName: 'Address',
        flex: 2,
        minWidth: 240,
        valueGetter: (p) => (p.data ? `${p.data.address}, ${p.data.city}, ${p.data.state} ${p.data.zip}` : ''),
        ...text,
      },
      { field: 'city', headerName: 'City', ...text, hide: true },
      { field: 'tabc_id', headerName: 'TABC ID', ...text },
      { field: 'contact_name', headerName: 'Contact', ...text },
      { field: 'contact_phone', headerName: 'Phone', ...text },
      { field: 'contact_email', headerName: 'Email', ...text },
      ...(tiered
        ? [
            {
              colId: 'productPriceTier',
              headerName: 'Price Tier',
              valueGetter: (p: { data?: Customer }) => p.data?.productPriceTier?.name ?? '',
              ...text,
            },
          ]
        : []),
      {
        field: 'created_at',
        headerName: 'Created',

        valueFormatter: (p) => formatDate(p.value),
        ...dateResetFilter,
      },
    ],
    [tiered],
  );
  return (
    <Page
      title="Customers"
      actions={
        <>
          {can('customer.edit') && (
            <ButtonLink to="/customer/create" type="primary" icon={<PlusOutlined />}>
              New Customer
            </ButtonLink>
          )}
          <ButtonLink to="/customer/delinquent" icon={<WarningOutlined />}>
            Delinquent Accounts
          </ButtonLink>
          {feature('order') && (
            <ButtonLink to="/customer/users" icon={<TeamOutlined />}>
              Users
            </ButtonLink>
          )}
        </>
      }
    >
      <ServerGrid<Customer>
        endpoint={customerGrid}
        liveKey={queryKeys.customers.all}
        columnDefs={columnDefs}
        onRowClicked={setSelected}
        noRowsText="No customers yet. Add one with New Customer."
        testId="customer-grid"
      />
      <CustomerDetailDrawer customer={selected} onClose={() => setSelected(null)} />
    </Page>
  );
}
