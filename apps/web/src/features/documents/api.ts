import { useQuery } from '@tanstack/react-query';
import { http, request } from '../../lib/api';
import { useGet, useWrite } from '../../lib/query-keys';

export interface InvoiceDocument {
  id: number;
  invoice_id: number;
  originalname: string;
  filename: string;
  note: string;
  mimetype: string;
  size: number;
  updatedAt: string;
}

export interface PrivateNote {
  id: number;
  note: string;
  user: string | null;
  createdAt: string;
}

export const documentKeys = {
  ofInvoice: (invoiceId: number) => ['documents', 'invoice', invoiceId] as const,
  notes: (invoiceId: number) => ['notes', 'invoice', invoiceId] as const,
};

export function useDocuments(invoiceId: number) {
  return useGet<InvoiceDocument[]>(documentKeys.ofInvoice(invoiceId), `/invoice/${invoiceId}/document`);
}

export function useUploadDocument(invoiceId: number) {
  return useWrite([documentKeys.ofInvoice(invoiceId)], ({ file, note }: { file: Blob; note: string; name: string }) => {
    const form = new FormData();
    form.append('note', note);
    form.append('invoice_document', file, (file as File).name);
    return http.post<InvoiceDocument>(`/invoice/${invoiceId}/document`, form);
  });
}

export function useUpdateDocument(invoiceId: number) {
  return useWrite(
    [documentKeys.ofInvoice(invoiceId)],
    ({ id, originalname, note }: { id: number; originalname: string; note: string }) =>
      http.put<{ document: InvoiceDocument; success: boolean }>(`/invoice/document/${id}`, { originalname, note }),
  );
}

export function useDeleteDocument(invoiceId: number) {
  return useWrite([documentKeys.ofInvoice(invoiceId)], (id: number) => http.del(`/invoice/document/${id}`));
}

/** The document's bytes (the preview needs the auth header, so no plain link). */
export async function fetchDocumentBlob(id: number): Promise<Blob> {
  const res = await request<Response>('GET', `/invoice/document/${id}/preview`, { raw: true });
  return res.blob();
}

export function useNotes(invoiceId: number) {
  return useQuery({
    queryKey: documentKeys.notes(invoiceId),
    queryFn: async ({ signal }) =>
      (await http.get<{ notes: PrivateNote[] }>(`/invoice/${invoiceId}/note`, undefined, signal)).notes,
  });
}

export function useAddNote(invoiceId: number) {
  return useWrite([documentKeys.notes(invoiceId)], (note: string) =>
    http.post<{ notes: PrivateNote[] }>(`/invoice/${invoiceId}/note`, { note }),
  );
}

export function useDeleteNote(invoiceId: number) {
  return useWrite([documentKeys.notes(invoiceId)], (note: PrivateNote) =>
    http.del<{ notes: PrivateNote[] }>(`/invoice/${invoiceId}/note`, note),
  );
}

/** Camera photos are saved as JPEG (spec 1 section 4); anything the browser cannot draw goes as it is. */
export async function photoAsJpeg(file: File): Promise<File> {
  if (file.type === 'image/jpeg' || !file.type.startsWith('image/')) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.88));
    if (!blob) return file;
    const name = `${file.name.replace(/\.[^.]+$/, '') || 'photo'}.jpg`;
    return new File([blob], name, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}
