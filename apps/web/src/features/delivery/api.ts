import * as api from '@dbo/domain/endpoints/delivery';
import type { RouteCreateInput, RouteUpdateInput } from '@dbo/domain/delivery';
import { useQuery } from '@tanstack/react-query';
import { type Answer, call, endpointQuery } from '../../lib/endpoints';
import { changedBy, queryKeys, useWrite } from '../../lib/query-keys';

/** A route with its stops, as the server answers it. */
export type Route = Answer<typeof api.route>;
export type RouteStop = Route['stops'][number];
export type EligibleInvoice = Answer<typeof api.eligible>[number];
export type Reconciliation = Answer<typeof api.reconciliation>;

/** One route with its stops (the printable route sheet); not retried, the sheet says why it failed. */
export const useRouteSheet = (id: string) =>
  useQuery({ ...endpointQuery(['delivery', 'sheet', id], api.route, { params: { id } }), retry: false });

export const useRoutes = (date: string) =>
  useQuery(endpointQuery(queryKeys.delivery.routes(date), api.routes, { query: { date } }));
export const useEligible = () => useQuery(endpointQuery(queryKeys.delivery.eligible, api.eligible, {}));
export const useDrivers = () => useQuery(endpointQuery(queryKeys.delivery.drivers, api.drivers, {}));
export const useReconciliation = (date: string) =>
  useQuery(endpointQuery(queryKeys.delivery.reconciliation(date), api.reconciliation, { query: { date } }));

export const useCreateRoute = (then?: (r: Route) => void) =>
  useWrite(changedBy.delivery, (body: RouteCreateInput) => call(api.createRoute, { body }), then);

export const useUpdateRoute = () =>
  useWrite(changedBy.delivery, ({ id, body }: { id: number; body: RouteUpdateInput }) =>
    call(api.updateRoute, { params: { id }, body }),
  );

export const useDeleteRoute = () =>
  useWrite(changedBy.delivery, (id: number) => call(api.deleteRoute, { params: { id } }));
