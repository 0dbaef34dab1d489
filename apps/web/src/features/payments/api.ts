import type { PaymentInput } from '@dbo/domain/payment';
import { http } from '../../lib/api';
import { changedBy, queryKeys, useGet, useWrite } from '../../lib/query-keys';

export interface Payment {
  id: number;
  invoice_id: number;
  /** what the payment paid on this invoice */
  amount: number;
  /** the payment's money above what the invoice owed: the customer's on-account credit (issue 30) */
  on_account?: number;
  received_at: string;
  note: string;
  /** who recorded it (null: not known) */
  user?: string | null;
  created_at: string;
}

export function useInvoicePayments(invoiceId: number) {
  return useGet<Payment[]>(queryKeys.payments.ofInvoice(invoiceId), `/invoice/${invoiceId}/payment`);
}

/** Add (no paymentId) or edit a payment; answers the payment with the invoice's new money state. */
export function useSavePayment(invoiceId: number) {
  return useWrite(changedBy.payment, ({ paymentId, values }: { paymentId?: number; values: PaymentInput }) =>
    paymentId
      ? http.put(`/invoice/${invoiceId}/payment/${paymentId}`, values)
      : http.post(`/invoice/${invoiceId}/payment`, values),
  );
}

/** Deletes a payment of any invoice (the payments grid), by its invoice and its own id. */
export function useDeleteInvoicePayment() {
  return useWrite(changedBy.payment, (p: { invoiceId: number; paymentId: number }) =>
    http.del(`/invoice/${p.invoiceId}/payment/${p.paymentId}`),
  );
}

export function useDeletePayment(invoiceId: number) {
  return useWrite(changedBy.payment, (paymentId: number) => http.del(`/invoice/${invoiceId}/payment/${paymentId}`));
}
