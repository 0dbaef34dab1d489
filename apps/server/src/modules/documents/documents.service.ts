import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MSG, type DocumentUpdateInput } from '@dbo/domain/payment';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findCompanyRow } from '../../lib/company-rows.js';
import { recordActivity } from '../activity/activity.service.js';
import { users } from '../company/company.tables.js';
import { invoiceDocuments, invoiceNotes } from './documents.tables.js';
import { findInvoice } from '../invoices/invoice-lookup.service.js';

/** The invoice's activity of a document uploaded, renamed or deleted. */
function logDocument(
  tx: DbOrTx,
  companyId: number,
  userId: number,
  inv: { number: number; beer: boolean },
  action: 'DOCUMENT_UPLOAD' | 'DOCUMENT_UPDATE' | 'DOCUMENT_DELETE',
  document: string,
) {
  const info = { invoiceNumber: inv.number, beer: inv.beer, action, document };
  return recordActivity(tx, { companyId, userId, module: 'INVOICE', type: 'UPDATE', info });
}

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const NOTE_NOT_FOUND = 'Note not found';

type DocumentRow = typeof invoiceDocuments.$inferSelect;

export function documentsDir(dataDir: string) {
  return path.join(dataDir, 'uploads', 'documents');
}

/**
 * The file's real type from its first bytes; the browser's claim is not trusted. PDFs and
 * images only (camera photos arrive as JPEG).
 */
export function sniffDocumentType(buf: Buffer): { mimetype: string; ext: string } | null {
  const at = (offset: number, text: string) => buf.subarray(offset, offset + text.length).toString('latin1') === text;
  if (at(0, '%PDF-')) return { mimetype: 'application/pdf', ext: '.pdf' };
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff)
    return { mimetype: 'image/jpeg', ext: '.jpg' };
  if (at(0, '\x89PNG\r\n\x1a\n')) return { mimetype: 'image/png', ext: '.png' };
  if (at(0, 'GIF87a') || at(0, 'GIF89a')) return { mimetype: 'image/gif', ext: '.gif' };
  if (at(0, 'RIFF') && at(8, 'WEBP')) return { mimetype: 'image/webp', ext: '.webp' };
  if (at(4, 'ftyp') && ['heic', 'heix', 'mif1', 'msf1', 'hevc'].some((b) => at(8, b)))
    return { mimetype: 'image/heic', ext: '.heic' };
  return null;
}

export function publicDocument(d: DocumentRow) {
  return {
    id: d.id,
    invoice_id: d.invoice_id,
    originalname: d.originalname,
    filename: d.filename,
    note: d.note,
    mimetype: d.mimetype,
    size: d.size,
    path: `/api/v1/invoice/document/${d.id}/preview`,
    created_at: d.created_at,
    updated_at: d.updated_at,
    updatedAt: d.updated_at,
  };
}

export async function listDocuments(db: DbOrTx, companyId: number, invoiceId: number) {
  await findInvoice(db, companyId, { id: invoiceId });
  const rows = await db
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.invoice_id, invoiceId), eq(invoiceDocuments.company_id, companyId)))
    .orderBy(desc(invoiceDocuments.created_at), desc(invoiceDocuments.id));
  return rows.map(publicDocument);
}

const ownDocument = (db: DbOrTx, companyId: number, id: number): Promise<DocumentRow> =>
  findCompanyRow(db, invoiceDocuments, companyId, id, DOCUMENT_NOT_FOUND);

export async function saveDocument(
  db: Db,
  dataDir: string,
  companyId: number,
  userId: number,
  invoiceId: number,
  file: { filename: string; buffer: Buffer; note: string },
) {
  const inv = await findInvoice(db, companyId, { id: invoiceId });
  if (file.buffer.length === 0) throw badRequest(DOCUMENT_MSG.fileMissing);
  if (file.buffer.length > DOCUMENT_MAX_BYTES) throw badRequest(DOCUMENT_MSG.fileSize);
  const type = sniffDocumentType(file.buffer);
  if (!type) throw badRequest(DOCUMENT_MSG.fileType);
  // files are kept per company; the name on disk is ours, the user's name is only metadata
  const filename = `${randomUUID()}${type.ext}`;
  const rel = path.join(String(companyId), filename);
  const dir = path.join(documentsDir(dataDir), String(companyId));
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, filename), file.buffer);
  const originalname = path.basename(file.filename || `document${type.ext}`).slice(0, 255) || `document${type.ext}`;
  try {
    const doc = await db.transaction(async (tx) => {
      const [d] = await tx
        .insert(invoiceDocuments)
        .values({
          company_id: companyId,
          invoice_id: inv.id,
          originalname,
          filename,
          path: rel,
          mimetype: type.mimetype,
          size: file.buffer.length,
          note: file.note.trim().slice(0, 5000),
          user_id: userId,
        })
        .returning();
      await logDocument(tx, companyId, userId, inv, 'DOCUMENT_UPLOAD', originalname);
      return d;
    });
    return publicDocument(doc);
  } catch (err) {
    await fs.rm(path.join(dir, filename), { force: true });
    throw err;
  }
}

export async function readDocument(db: DbOrTx, dataDir: string, companyId: number, id: number) {
  const d = await ownDocument(db, companyId, id);
  const full = path.join(documentsDir(dataDir), d.path);
  // the stored path is ours, but never step outside the documents folder
  if (!full.startsWith(documentsDir(dataDir) + path.sep)) throw notFound(DOCUMENT_NOT_FOUND);
  const buffer = await fs.readFile(full).catch(() => {
    throw notFound(DOCUMENT_NOT_FOUND);
  });
  return { doc: d, buffer };
}

export async function updateDocument(
  db: Db,
  companyId: number,
  userId: number,
  id: number,
  v: Required<Pick<DocumentUpdateInput, 'originalname'>> & { note: string },
) {
  const d = await ownDocument(db, companyId, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoiceDocuments)
      .set({ originalname: v.originalname, note: v.note, updated_at: new Date() })
      .where(eq(invoiceDocuments.id, d.id))
      .returning();
    const inv = await findInvoice(tx, companyId, { id: d.invoice_id });
    await logDocument(tx, companyId, userId, inv, 'DOCUMENT_UPDATE', v.originalname);
    return { document: publicDocument(row), success: true };
  });
}

export async function deleteDocument(db: Db, dataDir: string, companyId: number, userId: number, id: number) {
  const d = await ownDocument(db, companyId, id);
  await db.transaction(async (tx) => {
    await tx.delete(invoiceDocuments).where(eq(invoiceDocuments.id, d.id));
    const inv = await findInvoice(tx, companyId, { id: d.invoice_id });
    await logDocument(tx, companyId, userId, inv, 'DOCUMENT_DELETE', d.originalname);
  });
  await fs.rm(path.join(documentsDir(dataDir), d.path), { force: true });
  return { success: true, id: d.id };
}

// Private notes ------------------------------------------------------------------------------

export async function listNotes(db: DbOrTx, companyId: number, invoiceId: number) {
  const rows = await db
    .select({
      id: invoiceNotes.id,
      invoice_id: invoiceNotes.invoice_id,
      note: invoiceNotes.note,
      user_id: invoiceNotes.user_id,
      user: users.name,
      created_at: invoiceNotes.created_at,
    })
    .from(invoiceNotes)
    .leftJoin(users, eq(users.id, invoiceNotes.user_id))
    .where(and(eq(invoiceNotes.invoice_id, invoiceId), eq(invoiceNotes.company_id, companyId)))
    .orderBy(asc(invoiceNotes.created_at), asc(invoiceNotes.id));
  return rows.map((r) => ({ ...r, createdAt: r.created_at }));
}

/** After a note is added or deleted: its activity, then the invoice's notes. */
async function noteChanged(
  tx: DbOrTx,
  companyId: number,
  userId: number,
  type: 'ADD_PRIVATE_NOTE' | 'DELETE_PRIVATE_NOTE',
  inv: { id: number; number: number; beer: boolean },
) {
  await recordActivity(tx, {
    companyId,
    userId,
    module: 'INVOICE',
    type,
    info: { invoiceNumber: inv.number, beer: inv.beer },
  });
  return { notes: await listNotes(tx, companyId, inv.id) };
}

export async function addNote(db: Db, companyId: number, userId: number, invoiceId: number, note: string) {
  return db.transaction(async (tx) => {
    const inv = await findInvoice(tx, companyId, { id: invoiceId });
    await tx.insert(invoiceNotes).values({ company_id: companyId, invoice_id: inv.id, note, user_id: userId });
    return noteChanged(tx, companyId, userId, 'ADD_PRIVATE_NOTE', inv);
  });
}

export async function deleteNote(db: Db, companyId: number, userId: number, invoiceId: number, noteId: number) {
  return db.transaction(async (tx) => {
    const inv = await findInvoice(tx, companyId, { id: invoiceId });
    const deleted = await tx
      .delete(invoiceNotes)
      .where(
        and(eq(invoiceNotes.id, noteId), eq(invoiceNotes.invoice_id, inv.id), eq(invoiceNotes.company_id, companyId)),
      )
      .returning({ id: invoiceNotes.id });
    if (!deleted.length) throw notFound(NOTE_NOT_FOUND);
    return noteChanged(tx, companyId, userId, 'DELETE_PRIVATE_NOTE', inv);
  });
}
