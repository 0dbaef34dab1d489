import type {
  AgingAnswer,
  CreditMemo,
  CreditMemoInput,
  CustomerPayment,
  CustomerPaymentInput,
  CustomerReceivable,
} from '@dbo/domain/receivables';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/api';
import { changedBy, invalidate, queryKeys } from '../../lib/query-keys';

export function useReceivable(customerId: number) {
  return useQuery({
    queryKey: queryKeys.payments.receivable(customerId),
    queryFn: ({ signal }) => http.get<CustomerReceivable>(`/customer/${customerId}/receivable`, undefined, signal),
    enabled: Number.isFinite(customerId) && customerId > 0,
  });
}

export function useCustomerPayments(customerId: number) {
  return useQuery({
    queryKey: queryKeys.payments.ofCustomer(customerId),
    queryFn: ({ signal }) => http.get<CustomerPayment[]>(`/customer/${customerId}/payment`, undefined, signal),
  });
}

export function useReceivePayment(customerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: CustomerPaymentInput) => http.post<CustomerPayment>(`/customer/${customerId}/payment`, values),
    onSuccess: async () => invalidate(qc, changedBy.payment),
  });
}

export function useApplyCredit(customerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.post(`/customer/${customerId}/credit/apply`, {}),
    onSuccess: async () => invalidate(qc, changedBy.payment),
  });
}

export function useDeleteCustomerPayment(customerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) => http.del(`/customer/${customerId}/payment/${paymentId}`),
    onSuccess: async () => invalidate(qc, changedBy.payment),
  });
}

export function useAging(asOf: string) {
  return useQuery({
    queryKey: queryKeys.payments.aging(asOf),
    queryFn: ({ signal }) => http.get<AgingAnswer>('/report/aging', { asOf }, signal),
  });
}

export function useCreditMemos(invoiceId: number) {
  return useQuery({
    queryKey: queryKeys.payments.creditMemos(invoiceId),
    queryFn: ({ signal }) => http.get<CreditMemo[]>(`/invoice/${invoiceId}/credit-memo`, undefined, signal),
  });
}

export function useIssueCreditMemo(invoiceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: CreditMemoInput) => http.post<CreditMemo>(`/invoice/${invoiceId}/credit-memo`, values),
    onSuccess: async () => invalidate(qc, changedBy.payment),
  });
}
