import { DollarOutlined, FileTextOutlined, TeamOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { formatDate } from '@dbo/domain/dates';
import { orderGrid } from '@dbo/domain/endpoints/orders-staff';
import { formatMoney } from '@dbo/domain/money';
import { itemsSummary, ORDER_MSG } from '@dbo/domain/order';
import { useQueryClient } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import { Button, Flex, Popover, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { gatedPage } from '../../lib/feature-gate';
import { centredCells, NumberLink, numberFilter, textFilter } from '../../lib/grid-columns';
import { type DayRange, dateRangeFilter, PastRangePicker } from '../../lib/date-range';
import { Page } from '../../lib/page';
import { queryKeys } from '../../lib/query-keys';
import { ServerGrid, type ServerGridHandle } from '../../lib/server-grid';
import type { OrderGridRow } from './api';
import { OrderStatusFilter } from './order-status-filter';
import { OrderStatusTag } from '../../lib/order-status-tag';

/** Initial filter: status equals placed (spec 2, Orders). */
const INITIAL_FILTER = { status: { filterType: 'set', values: ['placed'] } };

const invoiceLabel = (i: { number: number; beer: boolean }) => `${i.number}${i.beer ? 'B' : ''}`;

function HistoryCell({ row }: { row: OrderGridRow }) {
  const content = row.invoices.length ? (
    <ul style={{ margin: 0, paddingLeft: 16 }}>
      {row.invoices.map((i) => (
        <li key={i.id}>
          <Link to={`/invoice/${invoiceLabel(i)}`}>Invoice #{invoiceLabel(i)}</Link>{' '}
          <Typography.Text type="secondary">{formatDate(i.invoiced_at)}</Typography.Text>
        </li>
      ))}
    </ul>
  ) : (
    ORDER_MSG.noInvoice
  );
  return (
    <Popover content={content} title={row.invoices.length ? 'Invoices' : undefined} trigger={['hover', 'click']}>
      <Button
        type="text"
        icon={<FileTextOutlined style={{ color: row.invoices.length ? '#389e0d' : '#8c8c8c' }} />}
        aria-label={`Invoices of order #${row.order_number}`}
        onClick={(e) => e.stopPropagation()}
        data-testid="order-history"
      />
    </Popover>
  );
}

function ActionsCell({ row }: { row: OrderGridRow }) {
  const customerId = row.customer?.id;
  if (!customerId) return null;
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  return (
    <Flex gap={4}>
      <Tooltip title="Invoices of this customer">
        <Link to={`/invoice?customerId=${customerId}`} onClick={stop} aria-label="Invoices of this customer">
          <Button type="text" size="small" icon={<UnorderedListOutlined />} tabIndex={-1} />
        </Link>
      </Tooltip>
      {!row.customer?.deleted && (
        <Tooltip title="Customer">
          <Link to={`/customer/${customerId}/edit`} onClick={stop} aria-label="Customer">
            <Button type="text" size="small" icon={<TeamOutlined />} tabIndex={-1} />
          </Link>
        </Tooltip>
      )}
      <Tooltip title="Payments of this customer">
        <Link to={`/payment?customerId=${customerId}`} onClick={stop} aria-label="Payments of this customer">
          <Button type="text" size="small" icon={<DollarOutlined />} tabIndex={-1} />
        </Link>
      </Tooltip>
    </Flex>
  );
}

function OrderGrid() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const grid = useRef<ServerGridHandle>(null);
  const [range, setRange] = useState<DayRange>(null);

  // ?force-update refreshes the grid (used after an order changed elsewhere)
  useEffect(() => {
    if (!search.has('force-update')) return;
    void qc.invalidateQueries({ queryKey: queryKeys.orders.all });
    grid.current?.refresh();
    setSearch(
      (s) => {
        s.delete('force-update');
        return s;
      },
      { replace: true },
    );
  }, [search, setSearch, qc]);

  const columnDefs = useMemo<ColDef<OrderGridRow>[]>(
    () =>
      centredCells([
        {
          colId: 'history',
          headerName: 'History',
          sortable: false,

          cellRenderer: (p: { data?: OrderGridRow }) => (p.data ? <HistoryCell row={p.data} /> : null),
        },
        {
          field: 'status',
          headerName: 'Status',

          filter: OrderStatusFilter,
          cellRenderer: (p: { value?: string }) => (p.value ? <OrderStatusTag status={p.value} /> : null),
        },
        {
          field: 'order_number',
          headerName: 'Number',

          ...numberFilter,
          cellRenderer: (p: { data?: OrderGridRow }) =>
            p.data ? <NumberLink to={`/order/${p.data.order_number}`} label={p.data.order_number} /> : null,
        },
        {
          field: 'created_at',
          headerName: 'Date',
          minWidth: 140,

          sort: 'desc',
          filter: 'agDateColumnFilter',
          filterParams: { maxValidDate: new Date() },
          valueFormatter: (p: { value?: string }) => formatDate(p.value),
        },
        {
          colId: 'customer_name',
          headerName: 'Customer',
          ...textFilter,
          flex: 2,
          minWidth: 240,
          cellRenderer: (p: { data?: OrderGridRow }) => {
            if (!p.data) return null;
            const c = p.data.customer;
            // a removed (soft-deleted) customer is not shown as if active
            if (!c || c.deleted)
              return (
                <div style={{ lineHeight: 1.3 }} data-testid="deleted-customer">
                  <Typography.Text type="danger">{ORDER_MSG.deletedCustomer}</Typography.Text>
                  {c && (
                    <div>
                      <Typography.Text type="secondary" delete style={{ fontSize: 12 }}>
                        {c.name}
                      </Typography.Text>
                    </div>
                  )}
                </div>
              );
            return (
              <div style={{ lineHeight: 1.3 }}>
                <div>{c.name}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[c.address, c.city].filter(Boolean).join(', ')}
                </Typography.Text>
              </div>
            );
          },
        },
        {
          colId: 'items',
          headerName: 'Items',
          sortable: false,
          minWidth: 170,
          valueGetter: (p: { data?: OrderGridRow }) =>
            p.data ? itemsSummary(p.data.units_count, p.data.items_count) : '',
        },
        {
          field: 'total',
          headerName: 'Total',
          cellClass: 'money-cell',

          filter: 'agNumberColumnFilter',
          valueFormatter: (p: { value?: number }) => (p.value === undefined ? '' : formatMoney(p.value)),
        },
        {
          colId: 'actions',
          headerName: 'Actions',
          sortable: false,

          cellRenderer: (p: { data?: OrderGridRow }) => (p.data ? <ActionsCell row={p.data} /> : null),
        },
      ] as ColDef<OrderGridRow>[]),
    [],
  );

  const extraFilter = dateRangeFilter('created_at', range);

  const reset = () => {
    setRange(null);
    const api = grid.current?.api();
    api?.setFilterModel(INITIAL_FILTER);
    api?.applyColumnState({ state: [{ colId: 'created_at', sort: 'desc' }], defaultState: { sort: null } });
  };

  return (
    <Page
      title="Orders"
      actions={
        <>
          <PastRangePicker aria-label="Order date range" value={range} onChange={setRange} />
          <Button onClick={reset}>Reset</Button>
        </>
      }
    >
      <ServerGrid<OrderGridRow>
        ref={grid}
        endpoint={orderGrid}
        liveKey={queryKeys.orders.all}
        columnDefs={columnDefs}
        rowHeight={56}
        initialFilterModel={INITIAL_FILTER}
        extraFilterModel={extraFilter}
        noRowsText={ORDER_MSG.empty_grid}
        onRowClicked={(row) => navigate(`/order/${row.order_number}`)}
        testId="order-grid"
      />
    </Page>
  );
}

export default gatedPage('order', OrderGrid);
