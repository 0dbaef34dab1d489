import type { PanelInvoice } from '../../lib/extensions';
import { http, request } from '../../lib/api';
import { useGet, useWrite } from '../../lib/query-keys';

export interface EmailLog {
  id: number;
  invoice_id: number;
  emailed_to: string;
  notes: string;
  created_at: string;
  user?: string | null;
}

export const emailKeys = {
  all: ['emails'] as const,
  ofInvoice: (invoiceId: number) => ['emails', 'invoice', invoiceId] as const,
};

/** The number as staff see it: '1001', '1001B', or '{customerId}-1001' with customer numbering. */
type InvoiceRef = Pick<PanelInvoice, 'number' | 'beer' | 'display_number'>;

export const invoiceRef = (invoice: InvoiceRef): string =>
  String(invoice.display_number ?? `${invoice.number}${invoice.beer ? 'B' : ''}`);

export function useInvoiceEmails(invoiceId: number) {
  return useGet<EmailLog[]>(emailKeys.ofInvoice(invoiceId), `/invoice/${invoiceId}/email`);
}

export function useSendInvoiceEmail(invoice: InvoiceRef) {
  return useWrite([emailKeys.all], (values: { emails: string[]; notes: string }) =>
    http.post(`/invoice/${encodeURIComponent(invoiceRef(invoice))}/email`, { ...values, beer: !!invoice.beer }),
  );
}

/** POST /invoice/pdf answers the PDF file. */
export async function fetchInvoicePdf(invoice: InvoiceRef): Promise<Blob> {
  const res = await request<Response>('POST', '/invoice/pdf', {
    body: { number: invoiceRef(invoice), beer: !!invoice.beer },
    raw: true,
  });
  return res.blob();
}

export const fetchPrintLink = (invoiceId: number) =>
  http.get<{ url: string; token: string }>(`/invoice/${invoiceId}/print-link`);
