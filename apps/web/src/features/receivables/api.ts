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
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http, request } from '../../lib/api';
import { changedBy, queryKeys, useGet, useWrite } from '../../lib/query-keys';

export function useReceivable(customerId: number) {
  return useQuery({
    queryKey: queryKeys.payments.receivable(customerId),
    queryFn: ({ signal }) => http.get<CustomerReceivable>(`/customer/${customerId}/receivable`, undefined, signal),
    enabled: Number.isFinite(customerId) && customerId > 0,
  });
}

export function useCustomerPayments(customerId: number) {
  return useGet<CustomerPayment[]>(queryKeys.payments.ofCustomer(customerId), `/customer/${customerId}/payment`);
}

export function useReceivePayment(customerId: number) {
  return useWrite(changedBy.payment, (values: CustomerPaymentInput) =>
    http.post<CustomerPayment>(`/customer/${customerId}/payment`, values),
  );
}

export function useApplyCredit(customerId: number) {
  return useWrite(changedBy.payment, () => http.post(`/customer/${customerId}/credit/apply`, {}));
}

export function useDeleteCustomerPayment(customerId: number) {
  return useWrite(changedBy.payment, (paymentId: number) => http.del(`/customer/${customerId}/payment/${paymentId}`));
}

export function useAging(asOf: string) {
  return useGet<AgingAnswer>(queryKeys.payments.aging(asOf), '/report/aging', { asOf });
}

export function useCreditMemos(invoiceId: number) {
  return useGet<CreditMemo[]>(queryKeys.payments.creditMemos(invoiceId), `/invoice/${invoiceId}/credit-memo`);
}

export function useIssueCreditMemo(invoiceId: number) {
  return useWrite(changedBy.payment, (values: CreditMemoInput) =>
    http.post<CreditMemo>(`/invoice/${invoiceId}/credit-memo`, values),
  );
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

/** A line of the invoice a credit memo is issued on (what the dialog offers to return). */
export interface CreditableLine {
  product_id: number | null;
  product_name: string;
  qty: number;
  price: number;
}

/** The lines of the invoice, read fresh for the credit memo dialog. */
export function useCreditableLines(invoiceId: number) {
  return useQuery({
    queryKey: [...queryKeys.invoices.one(String(invoiceId)), 'credit-memo-lines'],
    queryFn: ({ signal }) => http.get<{ items: CreditableLine[] }>(`/invoice/${invoiceId}`, { by: 'id' }, signal),
  });
}

/** A credit memo as a PDF file. */
export const creditMemoPdf = (memoId: number) => request<Response>('GET', `/credit-memo/${memoId}/pdf`, { raw: true });

/** The customer's statement of a period as a PDF file. */
export const statementPdf = (customerId: number, period: { from: string; to: string }) =>
  request<Response>('POST', `/customer/${customerId}/statement/pdf`, { body: period, raw: true });
