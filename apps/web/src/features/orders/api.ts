import * as api from '@dbo/domain/endpoints/orders-staff';
import type { orderStatusChangeSchema } from '@dbo/domain/order';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GridRow } from '../../lib/server-grid';
import { type Answer, call, endpointQuery } from '../../lib/endpoints';
import { queryKeys, useWrite } from '../../lib/query-keys';

export type OrderGridRow = GridRow<typeof api.orderGrid>;
export type OrderDetailAnswer = Answer<typeof api.orderByNumber>;
export type OrderDetail = OrderDetailAnswer['order'];
export type OrderItemView = OrderDetail['orderItems'][number];
export type OrderNote = OrderDetail['note'][number];
export type OrderUpdateBody = z.input<typeof orderStatusChangeSchema>;

export function useOrder(number: string | undefined) {
  return useQuery({
    ...endpointQuery(queryKeys.orders.one(number ?? ''), api.orderByNumber, { params: { number: number ?? '' } }),
    enabled: !!number,
    staleTime: 0,
    retry: false,
  });
}

/** PUT /order/{id} {status, note}: cancel or reject. Invalidates every order screen, then onSuccess. */
export function useUpdateOrder(opts: { onSuccess?: () => void } = {}) {
  return useWrite(
    [queryKeys.orders.all],
    ({ id, body }: { id: number; body: OrderUpdateBody }) => call(api.changeOrderStatus, { params: { id }, body }),
    () => opts.onSuccess?.(),
  );
}
