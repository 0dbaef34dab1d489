/** The documents module's endpoints: an invoice's documents (upload, preview, edit, delete) and private notes. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  documentDeletedOut,
  documentFileOut,
  documentOut,
  documentUpdatedOut,
  documentUpdateSchema,
  invoiceNotesOut,
  privateNoteSchema,
} from '../payment.js';
import { dbId, idParams, noteText, optionalQueryId } from '../primitives.js';

/** The note to delete: the note object as the list gave it ({id, ...}), or {note: {id}}, or ?id= */
const noteRef = z
  .object({
    id: dbId('Note').optional(),
    note: z.union([z.object({ id: dbId('Note') }), noteText('Note')]).optional(),
  })
  .nullish();
const noteQuery = z.object({ id: optionalQueryId('Note') });

export const invoiceDocuments = endpoint({
  method: 'GET',
  path: '/invoice/:id/document',
  params: idParams,
  response: z.array(documentOut),
});

/** Multipart: the file in field `invoice_document`, plus an optional `note` field (either order). */
export const uploadDocument = endpoint({
  method: 'POST',
  path: '/invoice/:id/document',
  params: idParams,
  response: documentOut,
});

/** the document file itself (PDF or image), inline */
export const documentPreview = endpoint({
  method: 'GET',
  path: '/invoice/document/:id/preview',
  params: idParams,
  response: documentFileOut,
});

export const updateDocument = endpoint({
  method: 'PUT',
  path: '/invoice/document/:id',
  params: idParams,
  body: documentUpdateSchema,
  response: documentUpdatedOut,
});

export const deleteDocument = endpoint({
  method: 'DELETE',
  path: '/invoice/document/:id',
  params: idParams,
  response: documentDeletedOut,
});

export const invoiceNotes = endpoint({
  method: 'GET',
  path: '/invoice/:id/note',
  params: idParams,
  response: invoiceNotesOut,
});

export const addNote = endpoint({
  method: 'POST',
  path: '/invoice/:id/note',
  params: idParams,
  body: privateNoteSchema,
  response: invoiceNotesOut,
});

/** the note by its id in the body ({id} or {note: {id}}), by ?id=, or by its text (the latest such) */
export const deleteNote = endpoint({
  method: 'DELETE',
  path: '/invoice/:id/note',
  params: idParams,
  query: noteQuery,
  body: noteRef,
  response: invoiceNotesOut,
});
