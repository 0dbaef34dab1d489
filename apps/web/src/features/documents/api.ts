import * as api from '@dbo/domain/endpoints/documents';
import { useQuery } from '@tanstack/react-query';
import { type Answer, call, callForFile, endpointQuery } from '../../lib/endpoints';
import { useWrite } from '../../lib/query-keys';

export type InvoiceDocument = Answer<typeof api.invoiceDocuments>[number];
export type PrivateNote = Answer<typeof api.invoiceNotes>['notes'][number];

export const documentKeys = {
  ofInvoice: (invoiceId: number) => ['documents', 'invoice', invoiceId] as const,
  notes: (invoiceId: number) => ['notes', 'invoice', invoiceId] as const,
};

export function useDocuments(invoiceId: number) {
  return useQuery(
    endpointQuery(documentKeys.ofInvoice(invoiceId), api.invoiceDocuments, { params: { id: invoiceId } }),
  );
}

export function useUploadDocument(invoiceId: number) {
  return useWrite([documentKeys.ofInvoice(invoiceId)], ({ file, note }: { file: Blob; note: string; name: string }) => {
    const form = new FormData();
    form.append('note', note);
    form.append('invoice_document', file, (file as File).name);
    return call(api.uploadDocument, { params: { id: invoiceId }, body: form });
  });
}

export function useUpdateDocument(invoiceId: number) {
  return useWrite(
    [documentKeys.ofInvoice(invoiceId)],
    ({ id, originalname, note }: { id: number; originalname: string; note: string }) =>
      call(api.updateDocument, { params: { id }, body: { originalname, note } }),
  );
}

export function useDeleteDocument(invoiceId: number) {
  return useWrite([documentKeys.ofInvoice(invoiceId)], (id: number) => call(api.deleteDocument, { params: { id } }));
}

/** The document's bytes (the preview needs the auth header, so no plain link). */
export async function fetchDocumentBlob(id: number): Promise<Blob> {
  const res = await callForFile(api.documentPreview, { params: { id } });
  return res.blob();
}

export function useNotes(invoiceId: number) {
  return useQuery({
    queryKey: documentKeys.notes(invoiceId),
    queryFn: async ({ signal }) => (await call(api.invoiceNotes, { params: { id: invoiceId } }, { signal })).notes,
  });
}

export function useAddNote(invoiceId: number) {
  return useWrite([documentKeys.notes(invoiceId)], (note: string) =>
    call(api.addNote, { params: { id: invoiceId }, body: { note } }),
  );
}

export function useDeleteNote(invoiceId: number) {
  return useWrite([documentKeys.notes(invoiceId)], (note: PrivateNote) =>
    call(api.deleteNote, { params: { id: invoiceId }, body: { id: note.id } }),
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
