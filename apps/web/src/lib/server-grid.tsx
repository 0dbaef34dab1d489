import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@dbo/domain/constants';
import {
  type CellEditRequestEvent,
  type ColDef,
  type FilterModel,
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
import { AgGridReact } from 'ag-grid-react';
import { Alert } from 'antd';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { errorMessage, http, onReauthenticated } from './api';

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
  ColumnAutoSizeModule,
  TooltipModule,
]);

const theme = themeQuartz.withParams({ fontFamily: 'inherit', headerFontWeight: 600, accentColor: '#8b1e3f' });

export interface GridModels {
  filterModel: Record<string, unknown>;
  sortModel: { colId: string; sort: 'asc' | 'desc' }[];
}

export interface ServerGridHandle {
  refresh(): void;
  api(): GridApi | undefined;
  /** the filter and sort the grid last asked the server for: exports use them to match the screen */
  models(): GridModels;
}

export interface ServerGridProps<T> {
  /** GET endpoint answering { rows, count } for startRow, endRow, filterModel, sortModel */
  url: string;
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
  const [error, setError] = useState<string | null>(null);
  const paramsKey = JSON.stringify(props.params ?? {});
  const extraKey = JSON.stringify(props.extraFilterModel ?? {});
  const modelsRef = useRef<GridModels>({ filterModel: {}, sortModel: [] });
  const onLoadedRef = useRef(props.onLoaded);
  onLoadedRef.current = props.onLoaded;

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
          const res = await http.get<GridAnswer<T>>(props.url, {
            startRow: p.startRow,
            endRow: p.endRow,
            ...models,
            ...JSON.parse(paramsKey),
          });
          p.successCallback(res.rows, res.count);
          onLoadedRef.current?.(res);
          if (res.count === 0) apiRef.current?.showNoRowsOverlay();
          else apiRef.current?.hideOverlay();
        } catch (err) {
          setError(errorMessage(err));
          p.failCallback();
        }
      },
    }),
    [props.url, paramsKey, extraKey],
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

  const defaultColDef = useMemo<ColDef>(() => ({ resizable: true, sortable: true, flex: 1, minWidth: 110 }), []);
  const pageSize = props.defaultPageSize ?? DEFAULT_PAGE_SIZE;

  return (
    <div data-testid={props.testId}>
      {error && (
        <Alert type="error" showIcon title="Something went wrong" description={error} style={{ marginBottom: 12 }} />
      )}
      <div style={{ height: props.height ?? 'calc(100vh - 210px)', minHeight: 360 }}>
        <AgGridReact<T>
          theme={theme}
          rowModelType="infinite"
          datasource={datasource}
          columnDefs={props.columnDefs}
          defaultColDef={defaultColDef}
          pagination
          paginationPageSize={pageSize}
          paginationPageSizeSelector={[...PAGE_SIZES]}
          cacheBlockSize={100}
          maxBlocksInCache={20}
          rowHeight={props.rowHeight ?? 48}
          onGridReady={onGridReady}
          onRowClicked={(e) => e.data && props.onRowClicked?.(e.data)}
          getRowStyle={props.getRowStyle ? (p) => props.getRowStyle?.(p.data) : undefined}
          overlayNoRowsTemplate={`<span>${props.noRowsText ?? 'No rows'}</span>`}
          suppressCellFocus={!props.onRowClicked && !props.onCellEditRequest}
          readOnlyEdit={!!props.onCellEditRequest}
          onCellEditRequest={props.onCellEditRequest}
        />
      </div>
    </div>
  );
}

export const ServerGrid = forwardRef(ServerGridInner) as <T>(
  p: ServerGridProps<T> & { ref?: React.Ref<ServerGridHandle> },
) => ReturnType<typeof ServerGridInner>;
