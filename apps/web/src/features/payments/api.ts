import type { PaymentInput } from '@dbo/domain/payment';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/api';
import { changedBy, invalidate, queryKeys } from '../../lib/query-keys';

export interface Payment {
  id: number;
  invoice_id: number;
  amount: number;
  received_at: string;
  note: string;
  created_at: string;
}

export function useInvoicePayments(invoiceId: number) {
  return useQuery({
    queryKey: queryKeys.payments.ofInvoice(invoiceId),
    queryFn: ({ signal }) => http.get<Payment[]>(`/invoice/${invoiceId}/payment`, undefined, signal),
  });
}

/** Add (no paymentId) or edit a payment; answers the payment with the invoice's new money state. */
export function useSavePayment(invoiceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, values }: { paymentId?: number; values: PaymentInput }) =>
      paymentId
        ? http.put(`/invoice/${invoiceId}/payment/${paymentId}`, values)
        : http.post(`/invoice/${invoiceId}/payment`, values),
    onSuccess: async () => {
      await invalidate(qc, changedBy.payment);
    },
  });
}

/** Deletes a payment of any invoice (the payments grid), by its invoice and its own id. */
export function useDeleteInvoicePayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { invoiceId: number; paymentId: number }) =>
      http.del(`/invoice/${p.invoiceId}/payment/${p.paymentId}`),
    onSuccess: async () => {
      await invalidate(qc, changedBy.payment);
    },
  });
}

export function useDeletePayment(invoiceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) => http.del(`/invoice/${invoiceId}/payment/${paymentId}`),
    onSuccess: async () => {
      await invalidate(qc, changedBy.payment);
    },
  });
}
