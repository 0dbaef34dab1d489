import type {
  AgingAnswer,
  CreditMemo,
  CreditMemoInput,
  CustomerPayment,
  CustomerPaymentInput,
  CustomerReceivable,
} from '@dbo/domain/receivables';
import type { customerOut } from '@dbo/domain/customer';
import type { StatementEmailInput, statementEmailOut } from '@dbo/domain/statement';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
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

/** The customer's own email (the statement email's default recipients). */
export function useCustomerEmail(customerId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.customers.one(customerId),
    queryFn: ({ signal }) => http.get<z.infer<typeof customerOut>>(`/customer/${customerId}`, undefined, signal),
    enabled,
    select: (c) => c.contact_email,
  });
}

/** The signed link of the statement's public printable page. */
export const fetchStatementLink = (customerId: number, period: { from: string; to: string }) =>
  http.post<{ url: string }>(`/customer/${customerId}/statement/pdf`, { ...period, format: 'url' });

export function useEmailStatement(customerId: number) {
  return useMutation({
    mutationFn: (values: StatementEmailInput) =>
      http.post<z.infer<typeof statementEmailOut>>(`/customer/${customerId}/statement/email`, values),
  });
}
