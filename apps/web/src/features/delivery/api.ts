import type {
  Driver,
  EligibleInvoice,
  Reconciliation,
  RouteCreateInput,
  RouteOut,
  RouteUpdateInput,
} from '@dbo/domain/delivery';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/api';
import { changedBy, queryKeys, useGet, useWrite } from '../../lib/query-keys';

/** One route with its stops (the printable route sheet); not retried, the sheet says why it failed. */
export const useRouteSheet = (id: string) =>
  useQuery({
    queryKey: ['delivery', 'sheet', id],
    queryFn: () => http.get<RouteOut>(`/delivery/route/${encodeURIComponent(id)}`),
    retry: false,
  });

export const useRoutes = (date: string) =>
  useGet<RouteOut[]>(queryKeys.delivery.routes(date), '/delivery/route', { date });
export const useEligible = () => useGet<EligibleInvoice[]>(queryKeys.delivery.eligible, '/delivery/eligible');
export const useDrivers = () => useGet<Driver[]>(queryKeys.delivery.drivers, '/delivery/drivers');
export const useReconciliation = (date: string) =>
  useGet<Reconciliation>(queryKeys.delivery.reconciliation(date), '/delivery/reconciliation', { date });

export const useCreateRoute = (then?: (r: RouteOut) => void) =>
  useWrite(changedBy.delivery, (body: RouteCreateInput) => http.post<RouteOut>('/delivery/route', body), then);

export const useUpdateRoute = () =>
  useWrite(changedBy.delivery, ({ id, body }: { id: number; body: RouteUpdateInput }) =>
    http.put<RouteOut>(`/delivery/route/${id}`, body),
  );

export const useDeleteRoute = () =>
  useWrite(changedBy.delivery, (id: number) => http.del<{ success: boolean }>(`/delivery/route/${id}`));
