import { productTypeLabel } from '@dbo/domain/constants';
import { todayInTexas } from '@dbo/domain/dates';
import {
  INVENTORY_MSG,
  type InventoryEditField,
  type InventoryUpdate,
  inventoryUpdateSchema,
  isLowStock,
} from '@dbo/domain/inventory';
import { formatMoney } from '@dbo/domain/money';
import { type CellEditRequestEvent, type ColDef, ModuleRegistry, TextEditorModule } from 'ag-grid-community';
import { Alert, App, Button, Checkbox, Flex, Modal, Switch, Tag, Typography, theme } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { downloadCsvText, errorMessage } from '../../lib/api';
import { useBusy } from '../../lib/use-busy';
import { gatedPage } from '../../lib/feature-gate';
import { ServerGrid, type ServerGridHandle, sortModelOf } from '../../lib/server-grid';
import { queryKeys } from '../../lib/query-keys';
import { inventoryGrid } from '@dbo/domain/endpoints/inventory';
import { fetchAllInventory, type InventoryRow, useUpdateInventory } from './api';
import { inventoryCsv } from './csv';
import { centred, numberResetFilter as numberFilter, textResetFilter as textFilter } from '../../lib/grid-columns';
import { Page } from '../../lib/page';
import { useQuickEdit } from './quick-edit';
import { ButtonLink } from '../../lib/button-link';

ModuleRegistry.registerModules([TextEditorModule]);

const LABELS: Record<InventoryEditField, string> = {
  qty: 'Qty',
  reorder_level: 'Reorder Level',
  reorder_qty: 'Reorder Qty',
  reorder_time_in_days: 'Reorder Time (days)',
  distributor: 'Distributor',
};

interface PendingEdit {
  e: CellEditRequestEvent<InventoryRow>;
  field: InventoryEditField;
  body: InventoryUpdate;
  from: string;
  to: string;
}

/** The cell's new value as the request body, or the rule's message ('{field} must be a number'). */
function toBody(field: InventoryEditField, raw: unknown): { body: InventoryUpdate } | { error: string } {
  const value = field === 'distributor' ? String(raw ?? '').trim() || null : raw;
  const parsed = inventoryUpdateSchema.safeParse({ [field]: value });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? INVENTORY_MSG.invalidValue };
  return { body: parsed.data };
}

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '(blank)' : String(v));

function InventoryGridPage() {
  const { message, notification } = App.useApp();
  const { token } = theme.useToken();
  const grid = useRef<ServerGridHandle>(null);
  const [quickEdit, setQuickEdit] = useQuickEdit();
  const [pending, setPending] = useState<PendingEdit | null>(null);
  const [remember, setRemember] = useState(false);
  const [needsReorder, setNeedsReorder] = useState(false);
  const [totalValue, setTotalValue] = useState<number | null>(null);
  const [exporting, run] = useBusy();
  const update = useUpdateInventory();

  const revert = useCallback((e: CellEditRequestEvent<InventoryRow>) => {
    e.api.refreshCells({ rowNodes: [e.node], force: true });
  }, []);

  const save = useCallback(
    async (p: PendingEdit) => {
      const id = p.e.data?.id;
      if (!id) return;
      try {
        const item = await update.mutateAsync({ id, body: p.body });
        p.e.node.setData(item);
        grid.current?.refresh();
      } catch (err) {
        revert(p.e);
        notification.error({ title: INVENTORY_MSG.updateError, description: errorMessage(err) });
      }
    },
    [update, revert, notification],
  );

  const onCellEditRequest = useCallback(
    (e: CellEditRequestEvent<InventoryRow>) => {
      const field = e.colDef.field as InventoryEditField | undefined;
      if (!field || !(field in LABELS)) return;
      const parsed = toBody(field, e.newValue);
      if ('error' in parsed) {
        revert(e);
        notification.error({ title: INVENTORY_MSG.invalidValue, description: parsed.error });
        return;
      }
      const next = parsed.body[field];
      if ((next ?? null) === (e.oldValue ?? null)) return; // unchanged: nothing to save
      const p = { e, field, body: parsed.body, from: shown(e.oldValue), to: shown(next) };
      if (quickEdit) void save(p);
      else {
        setRemember(false);
        setPending(p);
      }
    },
    [quickEdit, save, revert, notification],
  );

  const lowStyle = useMemo(
    () => ({
      display: 'flex',
      alignItems: 'center',
      background: token.colorWarningBg,
      color: token.colorText,
      borderLeft: `4px solid ${token.colorWarning}`,
      fontWeight: 600,
    }),
    [token],
  );
  const reorderTag = useMemo(
    () => ({ background: token.colorWarningBg, color: token.colorText, borderColor: token.colorWarning }),
    [token],
  );

  const columns = useMemo<ColDef<InventoryRow>[]>(() => {
    const editable = { editable: true, cellEditor: 'agTextCellEditor' };
    const wrap = { wrapHeaderText: true, autoHeaderHeight: true };
    const num = (minWidth: number) => ({ minWidth, ...wrap, ...numberFilter, ...centred });
    return [
      {
        headerName: 'Product',
        colId: 'product',
        valueGetter: (p) => p.data?.product.product,
        flex: 3,
        minWidth: 230,
        ...textFilter,
        cellRenderer: (p: { data?: InventoryRow }) =>
          p.data ? (
            <div style={{ lineHeight: 1.3, minWidth: 0 }}>
              <div style={{ whiteSpace: 'nowrap' }}>{p.data.product.product}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p.data.product.product_size} · {productTypeLabel(p.data.product.product_type)}
              </Typography.Text>
            </div>
          ) : null,
        ...centred,
      },
      {
        headerName: 'UPC',
        colId: 'upc',
        valueGetter: (p) => p.data?.product.upc,
        minWidth: 130,
        ...textFilter,
        ...centred,
      },
      {
        headerName: 'Qty',
        field: 'qty',
        ...num(80),
        ...editable,
        cellStyle: (p) =>
          p.data && isLowStock(p.data.qty, p.data.reorder_level) ? lowStyle : { display: 'flex', alignItems: 'center' },
        tooltipValueGetter: (p) =>
          p.data && isLowStock(p.data.qty, p.data.reorder_level)
            ? 'Low stock: under twice the reorder level'
            : undefined,
      },
      { headerName: 'Reorder Level', field: 'reorder_level', ...num(90), ...editable },
      { headerName: 'Reorder Qty', field: 'reorder_qty', ...num(90), ...editable },
      { headerName: 'Reorder Time (days)', field: 'reorder_time_in_days', ...num(90), ...editable },
      {
        headerName: 'Distributor',
        field: 'distributor',
        minWidth: 150,
        ...wrap,
        ...textFilter,
        ...editable,
        ...centred,
      },
      {
        headerName: 'Needs Reorder',
        field: 'reorder_needed',
        minWidth: 90,

        filter: false,
        ...wrap,
        cellRenderer: (p: { value?: boolean }) => (p.value ? <Tag style={reorderTag}>Reorder</Tag> : null),
        ...centred,
      },
      {
        headerName: 'Days of Cover',
        field: 'days_of_cover',
        minWidth: 80,

        sortable: false,
        filter: false,
        ...wrap,
        headerTooltip: 'Qty divided by the average daily units sold over the last 30 days',
        ...centred,
      },
      {
        headerName: 'Last Purchase',
        colId: 'last_purchase_price',
        valueGetter: (p) => p.data?.product.last_purchase_price,
        valueFormatter: (p) => formatMoney(p.value),
        ...num(90),
      },
      { headerName: 'Value', field: 'value', valueFormatter: (p) => formatMoney(p.value), ...num(100) },
    ];
  }, [lowStyle, reorderTag]);

  const extraFilterModel = useMemo(
    () => (needsReorder ? { reorder_needed: { filterType: 'boolean', filter: true } } : undefined),
    [needsReorder],
  );

  const exportCsv = () => {
    const api = grid.current?.api();
    return run(
      async () => {
        const res = await fetchAllInventory({
          filterModel: { ...(api?.getFilterModel() ?? {}), ...(extraFilterModel ?? {}) },
          sortModel: sortModelOf(api),
        });
        if (!res.rows.length) {
          message.warning(INVENTORY_MSG.exportEmpty);
          return;
        }
        downloadCsvText(inventoryCsv(res.rows, res.total_value), `inventory_${todayInTexas()}.csv`);
      },
      (err) => notification.error({ title: INVENTORY_MSG.exportError, description: errorMessage(err), duration: 30 }),
    );
  };

  return (
    <Page
      title="Inventory"
      actions={
        <>
          <Flex align="center" gap={6}>
            <Switch id="needs-reorder" checked={needsReorder} onChange={setNeedsReorder} />
            <label htmlFor="needs-reorder">Needs reorder</label>
          </Flex>
          <Button onClick={() => grid.current?.api()?.setFilterModel(null)}>Clear Filters</Button>
          <Button onClick={exportCsv} loading={exporting}>
            Export
          </Button>
          <ButtonLink to="/inventory/history">History</ButtonLink>
          <ButtonLink to="/inventory/restock" type="primary">
            Re-stock
          </ButtonLink>
        </>
      }
    >
      {quickEdit && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={INVENTORY_MSG.quickEditOn}
          action={
            <Button size="small" onClick={() => setQuickEdit(false)}>
              Disable Quick Edit
            </Button>
          }
        />
      )}
      <Flex gap={8} align="baseline" style={{ marginBottom: 8 }}>
        <Typography.Text>Inventory value of the filtered items:</Typography.Text>
        <Typography.Text strong data-testid="inventory-value">
          {totalValue === null ? '—' : formatMoney(totalValue)}
        </Typography.Text>
      </Flex>
      <ServerGrid<InventoryRow>
        ref={grid}
        endpoint={inventoryGrid}
        liveKey={queryKeys.inventory.all}
        columnDefs={columns}
        rowHeight={50}
        extraFilterModel={extraFilterModel}
        noRowsText={INVENTORY_MSG.emptyGrid}
        onLoaded={(res) => setTotalValue(Number(res.total_value ?? 0))}
        onCellEditRequest={onCellEditRequest}
        height="calc(100vh - 250px)"
        testId="inventory-grid"
      />
      <Modal
        open={!!pending}
        title={pending ? `Update ${LABELS[pending.field]}` : ''}
        okText="Update"
        confirmLoading={update.isPending}
        onCancel={() => {
          if (pending) revert(pending.e);
          setPending(null);
        }}
        onOk={async () => {
          if (!pending) return;
          if (remember) setQuickEdit(true);
          const p = pending;
          setPending(null);
          await save(p);
        }}
      >
        {pending && (
          <Flex vertical gap={12}>
            <Typography.Text>
              Changing value of {LABELS[pending.field]} from <strong>{pending.from}</strong> to{' '}
              <strong>{pending.to}</strong> for <strong>{pending.e.data?.product.product}</strong>
            </Typography.Text>
            <Checkbox checked={remember} onChange={(ev) => setRemember(ev.target.checked)}>
              Enable quick edit mode (don't ask again in this browser)
            </Checkbox>
          </Flex>
        )}
      </Modal>
    </Page>
  );
}

export default gatedPage('inventory', InventoryGridPage);
