import type { FilterModel, SortModelItem } from '@dbo/domain/grid';
import * as catalog from '@dbo/domain/endpoints/catalog';
import * as api from '@dbo/domain/endpoints/inventory';
import type { InventoryUpdate, RestockRequest } from '@dbo/domain/inventory';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, call, endpointQuery } from '../../lib/endpoints';
import { queryKeys } from '../../lib/query-keys';
import type { GridRow } from '../../lib/server-grid';

/** An item of the inventory grid. */
export type InventoryRow = GridRow<typeof api.inventoryGrid>;
/** A movement of the inventory history grid. */
export type HistoryEntry = GridRow<typeof api.historyGrid>;

export const inventoryKeys = queryKeys.inventory;

/** GET /inventory/distributors */
export function useDistributors() {
  return useQuery(endpointQuery(inventoryKeys.distributors, api.distributors, {}));
}

export interface ExportModels {
  filterModel?: FilterModel | Record<string, unknown>;
  sortModel?: SortModelItem[];
}

/** Every row of a grid that passes the filters (ignoreLimit), in the grid's order. */
const allRows = (m: ExportModels) => ({
  startRow: 0,
  endRow: 1,
  ignoreLimit: true,
  filterModel: m.filterModel ?? {},
  sortModel: m.sortModel ?? [],
});

/** Every filtered item: the export and Populate Restock. */
export const fetchAllInventory = (m: ExportModels) => call(api.inventoryGrid, { query: allRows(m) });

/** Every filtered movement in the date range: the history export. */
export const fetchAllHistory = (m: ExportModels & { dateFrom?: string; dateTo?: string }) =>
  call(api.historyGrid, { query: { ...allRows(m), dateFrom: m.dateFrom, dateTo: m.dateTo } });

/** PUT /inventory/{id} with one {field: value}; invalidates every inventory query first. */
export function useUpdateInventory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: InventoryUpdate }) =>
      call(api.updateInventoryItem, { params: { id }, body }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: inventoryKeys.all });
      await qc.invalidateQueries({ queryKey: ['product'] });
    },
  });
}

/** PUT /inventory: a restock; stock and product costs change, so product queries go stale too. */
export function useRestock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RestockRequest) => call(api.restock, { body }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: inventoryKeys.all });
      await qc.invalidateQueries({ queryKey: ['product'] });
    },
  });
}

/** A product of GET /product/suggestions (the restock entry). */
export type ProductOption = Answer<typeof catalog.productSuggestions>['suggestions'][number];

export const searchProducts = (query: string) =>
  call(catalog.productSuggestions, {
    query: { query, excludingProductIds: undefined, excludingSourceProductIds: undefined },
  }).then((r) => r.suggestions ?? []);
