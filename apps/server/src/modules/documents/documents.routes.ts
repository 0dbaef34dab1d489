import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MSG,
  documentDeletedOut,
  documentFileOut,
  documentOut,
  documentUpdatedOut,
  documentUpdateSchema,
  invoiceNotesOut,
  privateNoteSchema,
} from '@dbo/domain/payment';
import { dbId, idParams, noteText, optionalQueryId } from '@dbo/domain/primitives';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.js';
import type { App, FastifyRequest } from '../../lib/http.js';
import { readUpload } from '../../lib/upload.js';
import {
  NOTE_NOT_FOUND,
  addNote,
  deleteDocument,
  deleteNote,
  listDocuments,
  listNotes,
  readDocument,
  saveDocument,
  updateDocument,
} from './documents.service.js';
import { findInvoice } from '../invoices/invoice-lookup.service.js';

/** The note to delete: the note object as the list gave it ({id, ...}), or {note: {id}}, or ?id= */
const noteRef = z
  .object({
    id: dbId('Note').optional(),
    note: z.union([z.object({ id: dbId('Note') }), noteText('Note')]).optional(),
  })
  .nullish();
const noteQuery = z.object({ id: optionalQueryId('Note') });

/** Multipart: the file in field `invoice_document`, plus an optional `note` field (either order). */
async function readDocumentUpload(req: FastifyRequest) {
  const { file, fields } = await readUpload(req, {
    fileField: 'invoice_document',
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1 },
    messages: { tooLarge: DOCUMENT_MSG.fileSize, missing: DOCUMENT_MSG.fileMissing },
  });
  return { ...file, note: fields.note ?? '' };
}

export async function privateRoutes(app: App) {
  const { db, config } = app.deps;
  const tags = ['documents'];

  app.get(
    '/invoice/:id/document',
    { schema: { tags, params: idParams, response: { 200: z.array(documentOut) } } },
    async (req) => listDocuments(db, req.auth.companyId, req.params.id),
  );

  app.post(
    '/invoice/:id/document',
    { schema: { tags, params: idParams, response: { 200: documentOut } } },
    async (req) => {
      // the invoice is checked first so another company's id is a 404 whatever the upload
      await findInvoice(db, req.auth.companyId, { id: req.params.id });
      const upload = await readDocumentUpload(req);
      return saveDocument(db, config.dataDir, req.auth.companyId, req.auth.userId, req.params.id, upload);
    },
  );

  app.get(
    '/invoice/document/:id/preview',
    {
      schema: { tags, params: idParams, produces: ['application/pdf', 'image/*'], response: { 200: documentFileOut } },
    },
    async (req, reply) => {
      const { doc, buffer } = await readDocument(db, config.dataDir, req.auth.companyId, req.params.id);
      const safeName = doc.originalname.replace(/[^\w.\- ]/g, '_');
      return reply
        .type(doc.mimetype)
        .header('content-disposition', `inline; filename="${safeName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(buffer);
    },
  );

  app.put(
    '/invoice/document/:id',
    { schema: { tags, params: idParams, body: documentUpdateSchema, response: { 200: documentUpdatedOut } } },
    async (req) => updateDocument(db, req.auth.companyId, req.auth.userId, req.params.id, req.body),
  );

  app.delete(
    '/invoice/document/:id',
    { schema: { tags, params: idParams, response: { 200: documentDeletedOut } } },
    async (req) => deleteDocument(db, config.dataDir, req.auth.companyId, req.auth.userId, req.params.id),
  );

  app.get(
    '/invoice/:id/note',
    { schema: { tags, params: idParams, response: { 200: invoiceNotesOut } } },
    async (req) => {
      await findInvoice(db, req.auth.companyId, { id: req.params.id });
      return { notes: await listNotes(db, req.auth.companyId, req.params.id) };
    },
  );

  app.post(
    '/invoice/:id/note',
    { schema: { tags, params: idParams, body: privateNoteSchema, response: { 200: invoiceNotesOut } } },
    async (req) => addNote(db, req.auth.companyId, req.auth.userId, req.params.id, req.body.note),
  );

  app.delete(
    '/invoice/:id/note',
    { schema: { tags, params: idParams, querystring: noteQuery, body: noteRef, response: { 200: invoiceNotesOut } } },
    async (req) => {
      const body = req.body ?? {};
      const fromBody = typeof body.note === 'object' ? body.note.id : body.id;
      let noteId = fromBody ?? req.query.id;
      // a note object without its id: the latest note with that text
      if (!noteId && typeof body.note === 'string' && body.note.trim()) {
        const notes = await listNotes(db, req.auth.companyId, req.params.id);
        noteId = notes.filter((n) => n.note === body.note).at(-1)?.id;
        if (!noteId) throw notFound(NOTE_NOT_FOUND);
      }
      if (!noteId) throw badRequest('Note id is required');
      return deleteNote(db, req.auth.companyId, req.auth.userId, req.params.id, noteId);
    },
  );
}
