import * as api from '@dbo/domain/endpoints/email';
import * as pdf from '@dbo/domain/endpoints/pdf';
import { useQuery } from '@tanstack/react-query';
import type { PanelInvoice } from '../../lib/extensions';
import { type Answer, call, callForFile, endpointQuery } from '../../lib/endpoints';
import { useWrite } from '../../lib/query-keys';

export type EmailLog = Answer<typeof api.invoiceEmails>[number];

export const emailKeys = {
  all: ['emails'] as const,
  ofInvoice: (invoiceId: number) => ['emails', 'invoice', invoiceId] as const,
};

/** The email log's grid endpoint. */
export const emailGrid = api.emailGrid;

/** The number as staff see it: '1001', '1001B', or '{customerId}-1001' with customer numbering. */
type InvoiceRef = Pick<PanelInvoice, 'number' | 'beer' | 'display_number'>;

export const invoiceRef = (invoice: InvoiceRef): string =>
  String(invoice.display_number ?? `${invoice.number}${invoice.beer ? 'B' : ''}`);

export function useInvoiceEmails(invoiceId: number) {
  return useQuery(endpointQuery(emailKeys.ofInvoice(invoiceId), api.invoiceEmails, { params: { id: invoiceId } }));
}

export function useSendInvoiceEmail(invoice: InvoiceRef) {
  return useWrite([emailKeys.all], (values: { emails: string[]; notes: string }) =>
    call(api.sendInvoiceEmail, { params: { id: invoiceRef(invoice) }, body: { ...values, beer: !!invoice.beer } }),
  );
}

/** POST /invoice/pdf answers the PDF file. */
export async function fetchInvoicePdf(invoice: InvoiceRef): Promise<Blob> {
  const res = await callForFile(pdf.invoicePdf, { body: { number: invoiceRef(invoice), beer: !!invoice.beer } });
  return res.blob();
}

export const fetchPrintLink = (invoiceId: number) => call(pdf.invoicePrintLink, { params: { id: invoiceId } });
