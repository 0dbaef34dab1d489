import type { CreditMemoInput, CustomerPaymentInput } from '@dbo/domain/receivables';
import * as customersApi from '@dbo/domain/endpoints/customers';
import * as invoicesApi from '@dbo/domain/endpoints/invoices';
import * as paymentsApi from '@dbo/domain/endpoints/payments';
import * as api from '@dbo/domain/endpoints/receivables';
import type { StatementEmailInput } from '@dbo/domain/statement';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type Answer, call, callForFile, endpointQuery } from '../../lib/endpoints';
import { changedBy, queryKeys, useWrite } from '../../lib/query-keys';

/** The aging report: a row per customer with an open balance, and the totals. */
export type AgingAnswer = Answer<typeof api.aging>;
export type AgingRow = AgingAnswer['rows'][number];

/** A credit memo as the invoice's credit memo panel lists it. */
export type CreditMemo = Answer<typeof api.creditMemos>[number];

export function useReceivable(customerId: number) {
  return useQuery({
    ...endpointQuery(queryKeys.payments.receivable(customerId), paymentsApi.customerReceivable, {
      params: { id: customerId },
    }),
    enabled: Number.isFinite(customerId) && customerId > 0,
  });
}

export function useCustomerPayments(customerId: number) {
  return useQuery(
    endpointQuery(queryKeys.payments.ofCustomer(customerId), paymentsApi.customerPayments, {
      params: { id: customerId },
    }),
  );
}

export function useReceivePayment(customerId: number) {
  return useWrite(changedBy.payment, (values: CustomerPaymentInput) =>
    call(paymentsApi.addCustomerPayment, { params: { id: customerId }, body: values }),
  );
}

export function useApplyCredit(customerId: number) {
  return useWrite(changedBy.payment, () => call(paymentsApi.applyCredit, { params: { id: customerId }, body: {} }));
}

export function useDeleteCustomerPayment(customerId: number) {
  return useWrite(changedBy.payment, (paymentId: number) =>
    call(paymentsApi.deleteCustomerPayment, { params: { id: customerId, paymentId } }),
  );
}

export function useAging(asOf: string) {
  return useQuery(endpointQuery(queryKeys.payments.aging(asOf), api.aging, { query: { asOf } }));
}

export function useCreditMemos(invoiceId: number) {
  return useQuery(
    endpointQuery(queryKeys.payments.creditMemos(invoiceId), api.creditMemos, { params: { id: invoiceId } }),
  );
}

export function useIssueCreditMemo(invoiceId: number) {
  return useWrite(changedBy.payment, (values: CreditMemoInput) =>
    call(api.issueCreditMemo, { params: { id: invoiceId }, body: values }),
  );
}

/** The customer's own email (the statement email's default recipients). */
export function useCustomerEmail(customerId: number, enabled: boolean) {
  return useQuery({
    ...endpointQuery(queryKeys.customers.one(customerId), customersApi.customer, { params: { id: customerId } }),
    enabled,
    select: (c) => c.contact_email,
  });
}

/** The signed link of the statement's public printable page. */
export const fetchStatementLink = (customerId: number, period: { from: string; to: string }) =>
  call(api.statementPdf, { params: { id: customerId }, body: { ...period, format: 'url' } });

export function useEmailStatement(customerId: number) {
  return useMutation({
    mutationFn: (values: StatementEmailInput) => call(api.emailStatement, { params: { id: customerId }, body: values }),
  });
}

/** A line of the invoice a credit memo is issued on (what the dialog offers to return). */
export type CreditableLine = Answer<typeof invoicesApi.getInvoice>['items'][number];

/** The lines of the invoice, read fresh for the credit memo dialog. */
export function useCreditableLines(invoiceId: number) {
  return useQuery(
    endpointQuery([...queryKeys.invoices.one(String(invoiceId)), 'credit-memo-lines'], invoicesApi.getInvoice, {
      params: { ref: invoiceId },
      query: { by: 'id' },
    }),
  );
}

/** A credit memo as a PDF file. */
export const creditMemoPdf = (memoId: number) => callForFile(api.creditMemoPdf, { params: { id: memoId } });

/** The customer's statement of a period as a PDF file. */
export const statementPdf = (customerId: number, period: { from: string; to: string }) =>
  callForFile(api.statementPdf, { params: { id: customerId }, body: period });
