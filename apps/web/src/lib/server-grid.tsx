import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@dbo/domain/constants';
import type { EndpointSpec } from '@dbo/domain/endpoint';
import {
  type CellEditRequestEvent,
  type ColDef,
  type FilterModel,
  ColumnApiModule,
  ColumnAutoSizeModule,
  CellStyleModule,
  CustomFilterModule,
  DateFilterModule,
  type GridApi,
  type GridReadyEvent,
  type IDatasource,
  InfiniteRowModelModule,
  ModuleRegistry,
  NumberFilterModule,
  PaginationModule,
  RowSelectionModule,
  RowStyleModule,
  TextFilterModule,
  TooltipModule,
  themeQuartz,
} from 'ag-grid-community';
import type { QueryKey } from '@tanstack/react-query';
import { AgGridReact } from 'ag-grid-react';
import { Alert, Select } from 'antd';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { errorMessage, onReauthenticated } from './api';
import { type Answer, call } from './endpoints';
import { useLiveRows } from './live-rows';

ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  PaginationModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  CustomFilterModule,
  CellStyleModule,
  RowStyleModule,
  RowSelectionModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  TooltipModule,
]);

const theme = themeQuartz.withParams({
  fontFamily: 'inherit',
  headerFontWeight: 600,
  accentColor: '#8b1e3f',
  // tighter cells: at 1400 px a grid of ten columns shows every value whole
  cellHorizontalPaddingScale: 0.7,
});

/**
 * Sizing to content. AG Grid measures the rendered cells asynchronously and reports each autosize
 * with a `columnResized` event (source 'autosizeColumns'); `ColumnFitter` reacts in phases:
 * 1. every column sized to its cells and its one-line header;
 * 2. when that is wider than the grid: sized to the cells only, the headers wrapping (never
 *    narrower than a header's longest word with its icons);
 * then the width left over goes to the key columns (those the page declares with `flex`), in
 * proportion to their flex. Columns with `suppressAutoSize` keep their width.
 */
export class ColumnFitter {
  private phase: 'idle' | 'header' | 'cells' = 'idle';
  private minWrapped = new Map<string, number>();

  constructor(
    private readonly api: GridApi,
    private readonly keys: () => Map<string, number>,
    private readonly available: () => number,
  ) {}

  private sizedIds() {
    return this.api
      .getAllDisplayedColumns()
      .filter((c) => !c.getColDef().suppressAutoSize)
      .map((c) => c.getColId());
  }

  start() {
    const colIds = this.sizedIds();
    if (!colIds.length) return;
    this.phase = 'header';
    this.api.autoSizeColumns({ colIds, skipHeader: false });
  }

  /** the autosize of the current phase is done */
  autoSized() {
    const displayed = this.api.getAllDisplayedColumns();
    const total = displayed.reduce((sum, c) => sum + c.getActualWidth(), 0);
    if (this.phase === 'header' && total > this.available()) {
      this.minWrapped = headerWordWidths(this.api);
      this.phase = 'cells';
      this.api.autoSizeColumns({ colIds: this.sizedIds(), skipHeader: true });
      return;
    }
    if (this.phase === 'cells') {
      const widen = displayed
        .filter((c) => (this.minWrapped.get(c.getColId()) ?? 0) > c.getActualWidth())
        .map((c) => ({ key: c.getColId(), newWidth: this.minWrapped.get(c.getColId()) ?? 0 }));
      if (widen.length) this.api.setColumnWidths(widen, true);
    }
    this.phase = 'idle';
    this.giveRestToKeyColumns();
  }

  private giveRestToKeyColumns() {
    const keys = this.keys();
    const displayed = this.api.getAllDisplayedColumns();
    const total = displayed.reduce((sum, c) => sum + c.getActualWidth(), 0);
    const extra = Math.floor(this.available() - total);
    // only key columns that wrap can give width back
    const flexed = displayed.filter((c) => keys.has(c.getColId()) && (extra > 0 || c.getColDef().wrapText));
    const weight = flexed.reduce((sum, c) => sum + (keys.get(c.getColId()) ?? 0), 0);
    if (extra === 0 || weight <= 0) return;
    // more room: the key columns take it; too little: they give some back and wrap onto a second
    // line (never below their minWidth nor under about half their one-line width)
    this.api.setColumnWidths(
      flexed.map((c) => {
        const width = c.getActualWidth();
        const share = Math.floor((extra * (keys.get(c.getColId()) ?? 0)) / weight);
        const floor = Math.max(c.getColDef().minWidth ?? 0, Math.ceil(width * 0.6));
        return { key: c.getColId(), newWidth: extra > 0 ? width + share : Math.max(floor, width + share) };
      }),
      true,
    );
  }
}

/**
 * For each column sized with its one-line header: the width its header needs once wrapped (the
 * longest word of the label, plus what the cell spends beside the label: padding, sort and
 * filter icons).
 */
function headerWordWidths(api: GridApi): Map<string, number> {
  const out = new Map<string, number>();
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return out;
  for (const col of api.getAllDisplayedColumns()) {
    const id = col.getColId();
    const text = document.querySelector<HTMLElement>(
      `.ag-header-cell[col-id="${CSS.escape(id)}"] .ag-header-cell-text`,
    );
    if (!text) continue;
    ctx.font = getComputedStyle(text).font;
    const label = text.textContent ?? '';
    const whole = ctx.measureText(label).width;
    const longest = Math.max(0, ...label.split(/\s+/).map((w) => ctx.measureText(w).width));
    out.set(id, Math.ceil(col.getActualWidth() - whole + longest));
  }
  return out;
}

const keyCellStyle = { display: 'flex', alignItems: 'center', lineHeight: '1.3' };

export interface GridModels {
  filterModel: Record<string, unknown>;
  sortModel: { colId: string; sort: 'asc' | 'desc' }[];
}

/** The grid's current sort, as the grid endpoints read it (exports of everything the grid filters). */
export const sortModelOf = (api: GridApi | undefined): GridModels['sortModel'] =>
  (api?.getColumnState() ?? []).filter((c) => c.sort).map((c) => ({ colId: c.colId, sort: c.sort as 'asc' | 'desc' }));

export interface ServerGridHandle {
  refresh(): void;
  api(): GridApi | undefined;
  /** the filter and sort the grid last asked the server for: exports use them to match the screen */
  models(): GridModels;
}

/** The row type of a grid endpoint's answer (`{ rows, count }`). */
export type GridRow<E extends EndpointSpec> = Answer<E> extends { rows: (infer R)[] } ? R : never;

export interface ServerGridProps<T> {
  /** the grid endpoint of the catalogue: GET answering { rows, count } for startRow, endRow, filterModel, sortModel */
  endpoint: EndpointSpec & { method: 'GET' };
  columnDefs: ColDef<T>[];
  /** extra query parameters (e.g. customerId); a change reloads the grid */
  params?: Record<string, unknown>;
  /** filters set outside the grid (date range pickers...), merged into the grid's filterModel */
  extraFilterModel?: Record<string, unknown>;
  rowHeight?: number;
  defaultPageSize?: number;
  noRowsText?: string;
  onRowClicked?: (row: T) => void;
  height?: number | string;
  getRowStyle?: (row: T | undefined) => Record<string, string> | undefined;
  initialFilterModel?: FilterModel;
  testId?: string;
  /**
   * The query group whose invalidation reloads the rows in place (e.g. `queryKeys.invoices.all`):
   * this user's writes (`changedBy`) and other users' changes (the live events, lib/live-refresh.ts)
   * invalidate it.
   */
  liveKey?: QueryKey;
  /** every answer of the endpoint (for totals it sends beside rows and count) */
  onLoaded?: (answer: GridAnswer<T>) => void;
  /**
   * Editable cells: the grid does not change the row itself (readOnlyEdit); the handler saves and
   * then sets the row with `e.node.setData`, so a refused edit simply leaves the old value.
   */
  onCellEditRequest?: (e: CellEditRequestEvent<T>) => void;
}

export type GridAnswer<T> = { rows: T[]; count: number } & Record<string, unknown>;

/**
 * AG Grid's infinite row model with server-side filter, sort and paging. Rows are fetched in
 * blocks as the pages need them.
 */
function ServerGridInner<T>(props: ServerGridProps<T>, ref: React.Ref<ServerGridHandle>) {
  const apiRef = useRef<GridApi<T> | undefined>(undefined);
  const boxRef = useRef<HTMLDivElement>(null);
  /** once the user drags a column edge, the grid stops sizing the columns itself */
  const userSized = useRef(false);
  const fitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const paramsKey = JSON.stringify(props.params ?? {});
  const extraKey = JSON.stringify(props.extraFilterModel ?? {});
  const modelsRef = useRef<GridModels>({ filterModel: {}, sortModel: [] });
  const onLoadedRef = useRef(props.onLoaded);
  onLoadedRef.current = props.onLoaded;

  // `flex` marks the key columns: they get the width the others leave (see giveRestToKeyColumns)
  const { columnDefs, keyColumns } = useMemo(() => {
    const keys = new Map<string, number>();
    const defs = props.columnDefs.map((c) => {
      if (!c.flex) return c;
      keys.set(String(c.colId ?? c.field), c.flex);
      const { flex: _flex, ...rest } = c;
      // a plain key column short of room wraps onto a second line of the row instead of cutting
      // (a column with its own renderer lays its content out itself)
      if (rest.cellRenderer) return rest;
      return { ...rest, wrapText: true, cellStyle: { ...keyCellStyle, ...(rest.cellStyle as object | undefined) } };
    });
    return { columnDefs: defs, keyColumns: keys };
  }, [props.columnDefs]);
  const keysRef = useRef(keyColumns);
  keysRef.current = keyColumns;

  const fitterRef = useRef<ColumnFitter | null>(null);
  const fittedWidth = useRef(0);
  const refit = useCallback(() => {
    clearTimeout(fitTimer.current);
    // after the rows of the answer are rendered: autosizing measures the rendered cells
    fitTimer.current = setTimeout(() => {
      const api = apiRef.current;
      if (!api || api.isDestroyed() || userSized.current) return;
      fitterRef.current ??= new ColumnFitter(
        api as GridApi,
        () => keysRef.current,
        () => {
          // the rows' width: the body less the vertical scrollbar beside it
          const body = boxRef.current?.querySelector<HTMLElement>('.ag-body-viewport') ?? boxRef.current;
          const bar = boxRef.current?.querySelector<HTMLElement>('.ag-body-vertical-scroll');
          return (body?.clientWidth ?? 0) - (bar?.offsetWidth ?? 0);
        },
      );
      fittedWidth.current = boxRef.current?.clientWidth ?? 0;
      fitterRef.current.start();
    }, 300); // spec 2 section 9: columns resize after 300 ms
  }, []);
  useEffect(() => () => clearTimeout(fitTimer.current), []);

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: async (p) => {
        try {
          setError(null);
          const models: GridModels = {
            filterModel: { ...p.filterModel, ...JSON.parse(extraKey) },
            sortModel: p.sortModel.map((s) => ({ colId: s.colId, sort: s.sort })),
          };
          modelsRef.current = models;
          const query = { startRow: p.startRow, endRow: p.endRow, ...models, ...JSON.parse(paramsKey) };
          const res = (await call(props.endpoint, { query })) as GridAnswer<T>;
          p.successCallback(res.rows, res.count);
          refit();
          onLoadedRef.current?.(res);
          if (res.count === 0) apiRef.current?.showNoRowsOverlay();
          else apiRef.current?.hideOverlay();
        } catch (err) {
          setError(errorMessage(err));
          p.failCallback();
        }
      },
    }),
    [props.endpoint, paramsKey, extraKey, refit],
  );

  // rows that failed with 401 while the session was expired load again once the user signs back in
  useEffect(
    () =>
      onReauthenticated(() => {
        setError(null);
        apiRef.current?.purgeInfiniteCache();
      }),
    [],
  );

  useLiveRows(props.liveKey, apiRef);

  useImperativeHandle(ref, () => ({
    refresh: () => apiRef.current?.purgeInfiniteCache(),
    api: () => apiRef.current as GridApi | undefined,
    models: () => modelsRef.current,
  }));

  const onGridReady = useCallback(
    (e: GridReadyEvent<T>) => {
      apiRef.current = e.api;
      if (props.initialFilterModel) e.api.setFilterModel(props.initialFilterModel);
    },
    [props.initialFilterModel],
  );

  const defaultColDef = useMemo<ColDef>(
    () => ({ resizable: true, sortable: true, minWidth: 72, wrapHeaderText: true, autoHeaderHeight: true }),
    [],
  );
  const initialPageSize = props.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const [pageSize, setPageSize] = useState(initialPageSize);

  return (
    <div data-testid={props.testId}>
      {error && (
        <Alert type="error" showIcon title="Something went wrong" description={error} style={{ marginBottom: 12 }} />
      )}
      <div ref={boxRef} style={{ position: 'relative', height: props.height ?? 'calc(100vh - 210px)', minHeight: 360 }}>
        <AgGridReact<T>
          theme={theme}
          rowModelType="infinite"
          datasource={datasource}
          columnDefs={columnDefs}
          defaultColDef={defaultColDef}
          pagination
          paginationPageSize={pageSize}
          // spec 2 section 9: sizes read 'N / page' (AntD's wording); AG Grid's own selector says
          // 'Page Size: N', so ours sits on the left of its paging bar
          paginationPageSizeSelector={false}
          cacheBlockSize={100}
          maxBlocksInCache={20}
          rowHeight={props.rowHeight ?? 48}
          onGridReady={onGridReady}
          onGridSizeChanged={(e) => {
            // a new width only (the scrollbar our own sizing brings or takes must not loop)
            if (Math.abs(e.clientWidth - fittedWidth.current) > 20) refit();
          }}
          suppressColumnVirtualisation
          onColumnResized={(e) => {
            if (e.source === 'uiColumnResized' && e.finished) userSized.current = true;
            if (e.source === 'autosizeColumns' && e.finished) fitterRef.current?.autoSized();
          }}
          onRowClicked={(e) => e.data && props.onRowClicked?.(e.data)}
          onCellKeyDown={(e) => {
            // keyboard users: Enter on a focused cell does what a click does. A cell holding one link
            // or button (a row action) activates it, since the grid's Tab moves between cells and
            // never into them; any other non-editable cell opens the row.
            const ev = e.event as KeyboardEvent | null | undefined;
            if (ev?.key !== 'Enter' || !e.data || !('colDef' in e) || e.colDef.editable) return;
            const cell = (ev.target as HTMLElement | null)?.closest('.ag-cell');
            if (!cell || ev.target !== cell) return;
            const actions = cell.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
            if (actions.length === 1) actions[0].click();
            else if (actions.length === 0) props.onRowClicked?.(e.data);
          }}
          getRowStyle={props.getRowStyle ? (p) => props.getRowStyle?.(p.data) : undefined}
          overlayNoRowsTemplate={`<span>${props.noRowsText ?? 'No rows'}</span>`}
          suppressCellFocus={!props.onRowClicked && !props.onCellEditRequest}
          readOnlyEdit={!!props.onCellEditRequest}
          onCellEditRequest={props.onCellEditRequest}
        />
        <div className="grid-page-size">
          <Select
            size="small"
            aria-label="Page size"
            value={pageSize}
            onChange={setPageSize}
            options={PAGE_SIZES.map((n) => ({ value: n, label: `${n} / page` }))}
            popupMatchSelectWidth={false}
          />
        </div>
      </div>
    </div>
  );
}

export const ServerGrid = forwardRef(ServerGridInner) as <T>(
  p: ServerGridProps<T> & { ref?: React.Ref<ServerGridHandle> },
) => ReturnType<typeof ServerGridInner>;
