import { formatDateTime } from '@dbo/domain/dates';
import * as api from '@dbo/domain/endpoints/activity';
import { useQuery } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import { Button, Flex, Select, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { type DayRange, dateRangeFilter, PastRangePicker } from '../../lib/date-range';
import { endpointQuery } from '../../lib/endpoints';
import { Page } from '../../lib/page';
import { type GridRow, ServerGrid } from '../../lib/server-grid';

type ActivityRow = GridRow<typeof api.activityGrid>;

const TYPE_TEXT: Record<string, string> = {
  SIGN_IN: 'Signed in',
  UPDATE: 'Updated',
  CREATE: 'Created',
  DELETE: 'Deleted',
  ADD_PRIVATE_NOTE: 'Added a private note',
  DELETE_PRIVATE_NOTE: 'Deleted a private note',
  INVOICE_SYNC: 'Invoice sync',
  PRODUCT_SYNC: 'Product sync',
  FEATURE_ON: 'Feature activated',
  FEATURE_OFF: 'Feature deactivated',
  ENABLE: 'Enabled',
  DISABLE: 'Disabled',
  INVITE: 'Invited',
  ROLE_CHANGE: 'Changed a role',
  FEATURE_GRANT: 'Feature granted',
};

/** What did not happen: a refused sign-in is not 'Signed in' (issue 36). */
const FAILED_TYPE_TEXT: Record<string, string> = {
  SIGN_IN: 'Sign-in failed',
  INVOICE_SYNC: 'Invoice sync failed',
  PRODUCT_SYNC: 'Product sync failed',
};

export function describeActivity(r: Pick<ActivityRow, 'success' | 'module' | 'type' | 'info' | 'user'>): string {
  const verb = r.success
    ? (TYPE_TEXT[r.type] ?? r.type)
    : (FAILED_TYPE_TEXT[r.type] ?? `Failed: ${(TYPE_TEXT[r.type] ?? r.type).toLowerCase()}`);
  const what = `${verb} · ${r.module.replace('_', ' ').toLowerCase()}`;
  const info = r.info ?? {};
  const detail =
    (info.invoiceNumber ? `invoice #${info.invoiceNumber}${info.beer ? 'B' : ''}` : '') ||
    (info.feature ? String(info.feature) : '') ||
    (info.name ? String(info.name) : '');
  const who = r.user ? `by ${r.user}` : info.by === 'operator' ? 'by the operator' : '';
  return [what, detail, who].filter(Boolean).join(' — ');
}

export default function ActivityPage() {
  const [range, setRange] = useState<DayRange>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const people = useQuery(endpointQuery(['company', 'users', 'activity'], api.activityUsers, {}));
  const columns = useMemo<ColDef<ActivityRow>[]>(
    () => [
      {
        headerName: 'Status',
        field: 'success',

        sortable: false,
        cellRenderer: (p: { value: boolean }) =>
          p.value ? <Tag color="green">Success</Tag> : <Tag color="red">Error</Tag>,
      },
      {
        headerName: 'Activity',
        colId: 'type',
        flex: 3,
        sortable: false,
        valueGetter: (p) => (p.data ? describeActivity(p.data) : ''),
      },
      { headerName: 'Date', field: 'created_at', valueFormatter: (p) => formatDateTime(p.value), sort: 'desc' },
    ],
    [],
  );
  const filter = {
    ...dateRangeFilter('created_at', range),
    ...(userId ? { user_id: { filterType: 'number', type: 'equals', filter: userId } } : {}),
  };
  return (
    <Page
      title="Activity"
      actions={
        <Flex gap={8}>
          <Select<number>
            aria-label="User"
            placeholder="Every user"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 200 }}
            loading={people.isLoading}
            value={userId ?? undefined}
            onChange={(v) => setUserId(v ?? null)}
            options={(people.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
          />
          <PastRangePicker value={range} onChange={setRange} />
          <Button
            onClick={() => {
              setRange(null);
              setUserId(null);
            }}
          >
            Reset
          </Button>
        </Flex>
      }
    >
      <ServerGrid<ActivityRow>
        endpoint={api.activityGrid}
        columnDefs={columns}
        rowHeight={50}
        extraFilterModel={filter}
        noRowsText="No activity found."
      />
    </Page>
  );
}
