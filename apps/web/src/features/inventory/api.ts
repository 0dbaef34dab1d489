import type { FilterModel, SortModelItem } from '@dbo/domain/grid';
import type {
  HistoryGridResponse,
  InventoryGridResponse,
  InventoryItem,
  InventoryUpdate,
  RestockRequest,
  RestockedItem,
} from '@dbo/domain/inventory';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const inventoryKeys = queryKeys.inventory;

/** GET /inventory/distributors */
export function useDistributors() {
  return useQuery({
    queryKey: inventoryKeys.distributors,
    queryFn: () => http.get<string[]>('/inventory/distributors'),
  });
}

export interface ExportModels {
  filterModel?: FilterModel | Record<string, unknown>;
  sortModel?: SortModelItem[];
}

/** Every row of a grid that passes the filters (ignoreLimit), in the grid's order. */
const fetchAllRows = <T>(url: string, m: ExportModels, extra: Record<string, string | undefined> = {}) =>
  http.get<T>(url, {
    startRow: 0,
    endRow: 1,
    ignoreLimit: true,
    filterModel: m.filterModel ?? {},
    sortModel: m.sortModel ?? [],
    ...extra,
  });

/** Every filtered item: the export and Populate Restock. */
export const fetchAllInventory = (m: ExportModels) => fetchAllRows<InventoryGridResponse>('/inventory/grid', m);

/** Every filtered movement in the date range: the history export. */
export const fetchAllHistory = (m: ExportModels & { dateFrom?: string; dateTo?: string }) =>
  fetchAllRows<HistoryGridResponse>('/inventory/history/grid', m, { dateFrom: m.dateFrom, dateTo: m.dateTo });

/** PUT /inventory/{id} with one {field: value}; invalidates every inventory query first. */
export function useUpdateInventory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: InventoryUpdate }) =>
      http.put<InventoryItem>(`/inventory/${id}`, body),
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
    mutationFn: (body: RestockRequest) => http.put<RestockedItem[]>('/inventory', body),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: inventoryKeys.all });
      await qc.invalidateQueries({ queryKey: ['product'] });
    },
  });
}

/** The fields of GET /product/suggestions the restock entry reads. */
export interface ProductOption {
  id: number;
  product: string;
  product_type: string;
  product_size: string;
  upc: string | null;
  last_purchase_price: number;
  stock: number | null;
}

export const searchProducts = (query: string) =>
  http.get<{ suggestions: ProductOption[] }>('/product/suggestions', { query }).then((r) => r.suggestions ?? []);
