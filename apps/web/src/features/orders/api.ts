import { useQuery } from '@tanstack/react-query';
import type {
  orderDetailOut,
  orderItemOut,
  orderNoteOut,
  orderOut,
  orderRowOut,
  orderStatusChangeSchema,
} from '@dbo/domain/order';
import type { z } from 'zod';
import { http } from '../../lib/api';
import { queryKeys, useWrite } from '../../lib/query-keys';

export type OrderGridRow = z.infer<typeof orderRowOut>;
export type OrderItemView = z.infer<typeof orderItemOut>;
export type OrderNote = z.infer<typeof orderNoteOut>;
export type OrderDetail = z.infer<typeof orderOut>;
export type OrderDetailAnswer = z.infer<typeof orderDetailOut>;
export type OrderUpdateBody = z.input<typeof orderStatusChangeSchema>;

export function useOrder(number: string | undefined) {
  return useQuery({
    queryKey: queryKeys.orders.one(number ?? ''),
    queryFn: () => http.get<OrderDetailAnswer>(`/order/${encodeURIComponent(number ?? '')}`),
    enabled: !!number,
    staleTime: 0,
    retry: false,
  });
}

/** PUT /order/{id} {status, note}: cancel or reject. Invalidates every order screen, then onSuccess. */
export function useUpdateOrder(opts: { onSuccess?: () => void } = {}) {
  return useWrite(
    [queryKeys.orders.all],
    ({ id, body }: { id: number; body: OrderUpdateBody }) => http.put<OrderDetailAnswer>(`/order/${id}`, body),
    () => opts.onSuccess?.(),
  );
}
