import * as api from '@dbo/domain/endpoints/documents';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MSG } from '@dbo/domain/payment';
import { routeOf } from '../../lib/endpoint-route.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { App, FastifyRequest } from '../../lib/http.js';
import { readUpload } from '../../lib/upload.js';
import { findInvoice } from '../invoices/invoice-lookup.service.js';
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

  app.route({
    ...routeOf(api.invoiceDocuments, { tags }),
    handler: async (req) => listDocuments(db, req.auth.companyId, req.params.id),
  });

  app.route({
    ...routeOf(api.uploadDocument, { tags }),
    handler: async (req) => {
      // the invoice is checked first so another company's id is a 404 whatever the upload
      await findInvoice(db, req.auth.companyId, { id: req.params.id });
      const upload = await readDocumentUpload(req);
      return saveDocument(db, config.dataDir, req.auth.companyId, req.auth.userId, req.params.id, upload);
    },
  });

  app.route({
    ...routeOf(api.documentPreview, { tags, produces: ['application/pdf', 'image/*'] }),
    handler: async (req, reply) => {
      const { doc, buffer } = await readDocument(db, config.dataDir, req.auth.companyId, req.params.id);
      const safeName = doc.originalname.replace(/[^\w.\- ]/g, '_');
      return reply
        .type(doc.mimetype)
        .header('content-disposition', `inline; filename="${safeName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(buffer);
    },
  });

  app.route({
    ...routeOf(api.updateDocument, { tags }),
    handler: async (req) => updateDocument(db, req.auth.companyId, req.auth.userId, req.params.id, req.body),
  });

  app.route({
    ...routeOf(api.deleteDocument, { tags }),
    handler: async (req) => deleteDocument(db, config.dataDir, req.auth.companyId, req.auth.userId, req.params.id),
  });

  app.route({
    ...routeOf(api.invoiceNotes, { tags }),
    handler: async (req) => {
      await findInvoice(db, req.auth.companyId, { id: req.params.id });
      return { notes: await listNotes(db, req.auth.companyId, req.params.id) };
    },
  });

  app.route({
    ...routeOf(api.addNote, { tags }),
    handler: async (req) => addNote(db, req.auth.companyId, req.auth.userId, req.params.id, req.body.note),
  });

  app.route({
    ...routeOf(api.deleteNote, { tags }),
    handler: async (req) => {
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
  });
}
