import * as api from '@dbo/domain/endpoints/payments';
import type { PaymentInput } from '@dbo/domain/payment';
import { useQuery } from '@tanstack/react-query';
import { type Answer, call, endpointQuery } from '../../lib/endpoints';
import { changedBy, queryKeys, useWrite } from '../../lib/query-keys';

/** A payment as the invoice's payment panel lists it. */
export type Payment = Answer<typeof api.invoicePayments>[number];

export function useInvoicePayments(invoiceId: number) {
  return useQuery(
    endpointQuery(queryKeys.payments.ofInvoice(invoiceId), api.invoicePayments, { params: { id: invoiceId } }),
  );
}

/** Add (no paymentId) or edit a payment; answers the payment with the invoice's new money state. */
export function useSavePayment(invoiceId: number) {
  return useWrite(changedBy.payment, ({ paymentId, values }: { paymentId?: number; values: PaymentInput }) =>
    paymentId
      ? call(api.updatePayment, { params: { id: invoiceId, paymentId }, body: values })
      : call(api.addPayment, { params: { id: invoiceId }, body: values }),
  );
}

/** Deletes a payment of any invoice (the payments grid), by its invoice and its own id. */
export function useDeleteInvoicePayment() {
  return useWrite(changedBy.payment, (p: { invoiceId: number; paymentId: number }) =>
    call(api.deletePayment, { params: { id: p.invoiceId, paymentId: p.paymentId } }),
  );
}

export function useDeletePayment(invoiceId: number) {
  return useWrite(changedBy.payment, (paymentId: number) =>
    call(api.deletePayment, { params: { id: invoiceId, paymentId } }),
  );
}
