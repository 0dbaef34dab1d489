import { formatDateTime, todayInTexas } from '@dbo/domain/dates';
import { INVENTORY_MSG } from '@dbo/domain/inventory';
import { formatMoney } from '@dbo/domain/money';
import type { ColDef } from 'ag-grid-community';
import { App, Button, Tag, theme } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { downloadCsvText, errorMessage } from '../../lib/api';
import { useBusy } from '../../lib/use-busy';
import { gatedPage } from '../../lib/feature-gate';
import { ServerGrid, type ServerGridHandle, sortModelOf } from '../../lib/server-grid';
import { queryKeys } from '../../lib/query-keys';
import { historyGrid } from '@dbo/domain/endpoints/inventory';
import { fetchAllHistory, type HistoryEntry } from './api';
import { historyCsv, signed } from './csv';
import { type DayRange, PastRangePicker } from '../../lib/date-range';
import { Page } from '../../lib/page';
import { ButtonLink } from '../../lib/button-link';
import { centred, textResetFilter } from '../../lib/grid-columns';

const SOURCE_LABELS: Record<string, string> = {
  manual: 'Manual',
  restock: 'Restock',
  invoice: 'Invoice',
  import: 'Import',
};

function HistoryGridPage() {
  const { notification } = App.useApp();
  const { token } = theme.useToken();
  const grid = useRef<ServerGridHandle>(null);
  const [range, setRange] = useState<DayRange>(null);
  const [exporting, run] = useBusy();
  const params = useMemo(
    () => (range ? { dateFrom: range[0].format('YYYY-MM-DD'), dateTo: range[1].format('YYYY-MM-DD') } : ({} as const)),
    [range],
  );

  const columns = useMemo<ColDef<HistoryEntry>[]>(
    () => [
      {
        headerName: 'Date',
        field: 'created_at',
        sort: 'desc',
        valueFormatter: (p) => formatDateTime(p.value),
        minWidth: 170,

        filter: false,
        ...centred,
      },
      { headerName: 'Product', field: 'product', flex: 3, minWidth: 200, ...textResetFilter, ...centred },
      { headerName: 'Size', field: 'product_size', minWidth: 80, ...textResetFilter, ...centred },
      {
        headerName: 'Change',
        field: 'qty',
        minWidth: 80,

        filter: false,
        valueFormatter: (p) => (typeof p.value === 'number' ? signed(p.value) : ''),
        ...centred,
      },
      {
        headerName: 'Source',
        field: 'source',
        minWidth: 90,

        filter: false,
        cellRenderer: (p: { value?: string }) => (p.value ? <Tag>{SOURCE_LABELS[p.value] ?? p.value}</Tag> : null),
        ...centred,
      },
      {
        headerName: 'Reference',
        field: 'ref_number',
        minWidth: 120,
        ...textResetFilter,
        cellRenderer: (p: { data?: HistoryEntry }) => {
          const r = p.data;
          if (!r?.ref_number) return null;
          return r.source === 'invoice' && r.invoice_id ? (
            <Link to={`/invoice/${r.ref_number}`} style={{ color: token.colorPrimary }}>
              #{r.ref_number}
            </Link>
          ) : (
            r.ref_number
          );
        },
        ...centred,
      },
      {
        headerName: 'Unit Price',
        field: 'unit_price',
        minWidth: 90,

        filter: false,
        valueFormatter: (p) => (p.value === null || p.value === undefined ? '' : formatMoney(p.value)),
        ...centred,
      },
      {
        headerName: 'On Deal',
        field: 'on_deal',
        minWidth: 80,

        filter: false,
        valueFormatter: (p) => (p.value ? 'Yes' : ''),
        ...centred,
      },
      { headerName: 'User', field: 'user', minWidth: 110, ...textResetFilter, ...centred },
    ],
    [token],
  );

  const exportCsv = () => {
    const api = grid.current?.api();
    return run(
      async () => {
        const res = await fetchAllHistory({
          ...params,
          filterModel: api?.getFilterModel() ?? {},
          sortModel: sortModelOf(api),
        });
        downloadCsvText(historyCsv(res.rows), `inventory_history_${todayInTexas()}.csv`);
      },
      (err) =>
        notification.error({ title: INVENTORY_MSG.historyExportError, description: errorMessage(err), duration: 30 }),
    );
  };

  return (
    <Page
      title="Inventory History"
      actions={
        <>
          <PastRangePicker aria-label="Date range" value={range} format="DD MMM, YYYY" onChange={setRange} />
          <Button onClick={() => setRange(null)}>Reset</Button>
          <Button onClick={exportCsv} loading={exporting}>
            Export
          </Button>
          <ButtonLink to="/inventory">Inventory</ButtonLink>
        </>
      }
    >
      <ServerGrid<HistoryEntry>
        ref={grid}
        endpoint={historyGrid}
        liveKey={queryKeys.inventory.all}
        columnDefs={columns}
        params={params}
        rowHeight={50}
        noRowsText={INVENTORY_MSG.emptyHistory}
        testId="history-grid"
      />
    </Page>
  );
}

export default gatedPage('inventory', HistoryGridPage);
