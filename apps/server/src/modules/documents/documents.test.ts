import fs from 'node:fs';
import path from 'node:path';
import { DOCUMENT_MSG } from '@dbo/domain/payment';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAppWithTwoCompanies, type SignedUp } from '../../../test/helpers.js';
import { makeInvoice } from '../../../test/payments-fixtures.js';
import { type FormPart, postForm } from '../../../test/multipart.js';
import { invoiceDocuments } from './documents.tables.js';

const t = useAppWithTwoCompanies();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);

async function upload(who: SignedUp, invoiceId: number, file: Buffer, filename: string, note?: string, type?: string) {
  const parts: FormPart[] = [];
  if (note !== undefined) parts.push({ name: 'note', value: note });
  parts.push({ name: 'invoice_document', value: file, filename, type });
  return postForm(t.ctx, who, `/invoice/${invoiceId}/document`, parts);
}

describe('documents', () => {
  it('uploads, lists, previews, renames and deletes a document', async () => {
    const { invoice } = await makeInvoice(t.ctx, t.owner.companyId);
    const up = await upload(t.owner, invoice.id, PDF, 'signed-receipt.pdf', 'Signed on delivery', 'application/pdf');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      originalname: 'signed-receipt.pdf',
      note: 'Signed on delivery',
      mimetype: 'application/pdf',
      invoice_id: invoice.id,
    });
    // the file is kept under DATA_DIR/uploads/documents, named by us
    const [row] = await t.ctx.database.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.id, up.body.id));
    const onDisk = path.join(t.ctx.config.dataDir, 'uploads', 'documents', row.path);
    expect(fs.readFileSync(onDisk).equals(PDF)).toBe(true);
    expect(row.filename).not.toContain('signed-receipt');

    // a camera photo (jpeg) with the note before or after the file
    const photo = await upload(t.owner, invoice.id, JPEG, 'IMG_2001.jpg', 'dock photo', 'image/jpeg');
    expect(photo.body.mimetype).toBe('image/jpeg');

    const list = await t.owner.api.get(`/invoice/${invoice.id}/document`);
    expect(list.body.map((d: any) => d.originalname)).toEqual(['IMG_2001.jpg', 'signed-receipt.pdf']);

    const preview = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/document/${up.body.id}/preview`,
      headers: { authorization: `Bearer ${t.owner.token}` },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.rawPayload.equals(PDF)).toBe(true);

    const empty = await t.owner.api.put(`/invoice/document/${up.body.id}`, { originalname: '  ', note: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(DOCUMENT_MSG.nameEmpty);
    const renamed = await t.owner.api.put(`/invoice/document/${up.body.id}`, {
      originalname: 'receipt 1001.pdf',
      note: 'kept',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ success: true, document: { originalname: 'receipt 1001.pdf', note: 'kept' } });

    const del = await t.owner.api.del(`/invoice/document/${up.body.id}`);
    expect(del.body).toMatchObject({ success: true, id: up.body.id });
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await t.owner.api.get(`/invoice/${invoice.id}/document`)).body).toHaveLength(1);
  });

  it('refuses files that are not pdf or images, whatever they claim, and files over the limit', async () => {
    const { invoice } = await makeInvoice(t.ctx, t.owner.companyId);
    const fake = await upload(
      t.owner,
      invoice.id,
      Buffer.from('<html>not a pdf</html>'),
      'evil.pdf',
      '',
      'application/pdf',
    );
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(DOCUMENT_MSG.fileType);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 32)]);
    const tooBig = await upload(t.owner, invoice.id, big, 'huge.pdf');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe(DOCUMENT_MSG.fileSize);
    const none = await t.owner.api.post(`/invoice/${invoice.id}/document`, { note: 'no file' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(DOCUMENT_MSG.fileMissing);
    expect((await t.owner.api.get(`/invoice/${invoice.id}/document`)).body).toEqual([]);
  });

  it('never shows or changes another company’s documents', async () => {
    const { invoice } = await makeInvoice(t.ctx, t.other.companyId);
    const up = await upload(t.other, invoice.id, PDF, 'theirs.pdf');
    expect(up.status).toBe(200);
    expect((await t.owner.api.get(`/invoice/${invoice.id}/document`)).status).toBe(404);
    expect((await upload(t.owner, invoice.id, PDF, 'mine.pdf')).status).toBe(404);
    expect((await t.owner.api.get(`/invoice/document/${up.body.id}/preview`)).status).toBe(404);
    expect((await t.owner.api.put(`/invoice/document/${up.body.id}`, { originalname: 'x.pdf' })).status).toBe(404);
    expect((await t.owner.api.del(`/invoice/document/${up.body.id}`)).status).toBe(404);
    const theirs = await t.other.api.get(`/invoice/${invoice.id}/document`);
    expect(theirs.body.map((d: any) => d.originalname)).toEqual(['theirs.pdf']);
  });
});

describe('private notes', () => {
  it('adds and deletes notes, answers the list, needs text, records activity', async () => {
    const { invoice } = await makeInvoice(t.ctx, t.owner.companyId);
    const url = `/invoice/${invoice.id}/note`;
    const empty = await t.owner.api.post(url, { note: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(DOCUMENT_MSG.noteEmpty);
    const a = await t.owner.api.post(url, { note: 'Call before delivery' });
    expect(a.status).toBe(200);
    const b = await t.owner.api.post(url, { note: 'Back door only' });
    expect(b.body.notes.map((n: any) => n.note)).toEqual(['Call before delivery', 'Back door only']);
    expect(b.body.notes[0].createdAt).toBeTruthy();

    // the note object as the list gave it
    const del = await t.owner.api.del(url, b.body.notes[0]);
    expect(del.status).toBe(200);
    expect(del.body.notes.map((n: any) => n.note)).toEqual(['Back door only']);
    expect((await t.owner.api.del(url, { id: b.body.notes[0].id })).status).toBe(404);
    // the note object without an id: found by its text
    const byText = await t.owner.api.del(url, { note: 'Back door only' });
    expect(byText.body.notes).toEqual([]);

    const activity = await t.owner.api.get('/user/user-activity/grid', { endRow: 50 });
    const types = activity.body.rows
      .filter((r: any) => r.module === 'INVOICE' && r.info.invoiceNumber === invoice.number)
      .map((r: any) => r.type);
    expect(types.sort()).toEqual([
      'ADD_PRIVATE_NOTE',
      'ADD_PRIVATE_NOTE',
      'DELETE_PRIVATE_NOTE',
      'DELETE_PRIVATE_NOTE',
    ]);
  });

  it('answers 404 for another company’s invoice notes', async () => {
    const { invoice } = await makeInvoice(t.ctx, t.other.companyId);
    const theirs = await t.other.api.post(`/invoice/${invoice.id}/note`, { note: 'theirs' });
    const url = `/invoice/${invoice.id}/note`;
    expect((await t.owner.api.get(url)).status).toBe(404);
    expect((await t.owner.api.post(url, { note: 'x' })).status).toBe(404);
    expect((await t.owner.api.del(url, { id: theirs.body.notes[0].id })).status).toBe(404);
    expect((await t.other.api.get(url)).body.notes).toHaveLength(1);
  });
});
