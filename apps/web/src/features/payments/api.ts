import type { PaymentInput } from '@dbo/domain/payment';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/api';

export interface Payment {
  id: number;
  invoice_id: number;
  amount: number;
  received_at: string;
  note: string;
  created_at: string;
}

export const paymentKeys = {
  all: ['payments'] as const,
  ofInvoice: (invoiceId: number) => ['payments', 'invoice', invoiceId] as const,
};

export function useInvoicePayments(invoiceId: number) {
  return useQuery({
    queryKey: paymentKeys.ofInvoice(invoiceId),
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
      await qc.invalidateQueries({ queryKey: paymentKeys.all });
      await qc.invalidateQueries({ queryKey: ['invoice'] });
      await qc.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}

export function useDeletePayment(invoiceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) => http.del(`/invoice/${invoiceId}/payment/${paymentId}`),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: paymentKeys.all });
      await qc.invalidateQueries({ queryKey: ['invoice'] });
      await qc.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
