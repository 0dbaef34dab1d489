/**
 * Issue 35, cases 1 and 2: spreadsheets are measured before they are read. The two files that took
 * the server down (16,384 columns x 2,000 rows in ~94 KB; one cell at row 1,048,576 in 1.6 KB), a
 * zip bomb and oversized CSVs are refused with a 400 naming the limit, the server answers after
 * them, and its memory stays bounded.
 */
import { IMPORT_MSG } from '@dbo/domain/import';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCompany } from '../../../test/factories.js';
import { type SignedUp, useTestApp } from '../../../test/helpers.js';
import { upload } from '../../../test/import-fixtures.js';
import { megabytes, sheetPart, textRow, workbookParts, withSheet, zipOf } from '../../../test/xlsx-bombs.js';

const t = useTestApp();
const MB = 1024 * 1024;

/** 16,384 columns x 2,000 rows: a value in A and in XFD of every row (the sheet's dimension A1:XFD2000). */
async function wideSheet(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Wide');
  for (let r = 1; r <= 2000; r++) {
    ws.getCell(r, 1).value = r === 1 ? 'Name' : `Row ${r}`;
    ws.getCell(r, 16_384).value = 1;
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One header and one cell at row 1,048,576, the last row a sheet has. */
async function farRowSheet(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Far');
  ws.getCell(1, 1).value = 'Name';
  ws.getCell(1_048_576, 1).value = 'x';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same file without its <dimension> element: the streaming read must stop it by itself. */
async function withoutDimension(xlsx: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(xlsx);
  const name = Object.keys(zip.files).find((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))!;
  const xml = await zip.file(name)!.async('string');
  zip.file(name, xml.replace(/<dimension[^>]*\/>/, ''));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A small workbook whose zip declares 600 MB for its shared strings (a zip bomb's declaration). */
async function bombDeclaration(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('S').addRow(['Name']);
  wb.getWorksheet('S')!.addRow(['a']);
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  // patch the central directory entry of xl/sharedStrings.xml (or any entry): uncompressed size
  for (let at = buf.length - 22; at > 0; at--) {
    if (buf.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = buf.readUInt16LE(at + 28);
    if (buf.toString('utf8', at + 46, at + 46 + nameLength).startsWith('xl/worksheets/sheet')) {
      buf.writeUInt32LE(600 * MB, at + 24);
      return buf;
    }
  }
  throw new Error('no sheet entry');
}

const rss = () => process.memoryUsage().rss;

describe('spreadsheets measured before they are read', () => {
  let owner: SignedUp;
  beforeAll(async () => {
    owner = await makeCompany(t.ctx);
  });

  const refuse = async (file: Buffer | string, filename: string, message: string) => {
    const before = rss();
    const res = await upload(t.ctx, owner, '/import/customers/preview', file, {}, filename);
    const grown = rss() - before;
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(message);
    // the crash took 4 GB; a refusal must stay far under the 200 MB
    expect(grown).toBeLessThan(200 * MB);
    // and the server still answers
    expect((await owner.api.get('/company')).status).toBe(200);
    return grown;
  };

  it('refuses 16,384 columns x 2,000 rows (the 94 KB crash) by its dimension and by its cells', async () => {
    const wide = await wideSheet();
    expect(wide.length).toBeLessThan(200 * 1024);
    await refuse(wide, 'wide.xlsx', IMPORT_MSG.tooManyColumns);
    await refuse(await withoutDimension(wide), 'wide.xlsx', IMPORT_MSG.tooManyColumns);
  }, 60_000);

  it('refuses one cell at row 1,048,576 (the 1.6 KB file that cost 1.7 GB)', async () => {
    const far = await farRowSheet();
    expect(far.length).toBeLessThan(10 * 1024);
    await refuse(far, 'far.xlsx', IMPORT_MSG.tooManyRows);
    await refuse(await withoutDimension(far), 'far.xlsx', IMPORT_MSG.tooManyRows);
  }, 60_000);

  it('refuses a zip that declares more than it may unpack to, before inflating', async () => {
    await refuse(await bombDeclaration(), 'bomb.xlsx', IMPORT_MSG.unzippedTooLarge);
  });

  it('refuses a part that unpacks to more than its zip declares (a zip bomb that lies), without unpacking it', async () => {
    // one cell of 256 MB of text in ~260 KB, its sizes declared as the 600 bytes of a small sheet
    const sheet = await sheetPart([
      '<row r="2"><c r="A2" t="inlineStr"><is><t>',
      ...megabytes(256),
      '</t></is></c></row>',
    ]);
    const file = zipOf(withSheet(await workbookParts(), { ...sheet, size: 600 }));
    expect(file.length).toBeLessThan(2 * MB);
    await refuse(file, 'liar.xlsx', IMPORT_MSG.unzippedTooLarge);
  }, 60_000);

  it('reads only the parts its central directory lists: a sheet hidden in the stream is never unpacked', async () => {
    const parts = await workbookParts();
    const hidden = await sheetPart(
      ['<row r="2"><c r="A2" t="inlineStr"><is><t>', ...megabytes(256), '</t></is></c></row>'],
      'Hidden',
    );
    // the hidden sheet comes first in the stream and lies about its size; the listed one follows
    const file = zipOf([{ ...hidden, size: 600, listed: false }, ...parts]);
    const before = rss();
    const res = await upload(t.ctx, owner, '/import/customers/preview', file, {}, 'hidden.xlsx');
    expect(rss() - before).toBeLessThan(200 * MB);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect([res.body.headers, res.body.total]).toEqual([['Name'], 1]);
  }, 60_000);

  it('refuses a cell of more than 100,000 characters, and a comment the XML parser would hold whole', async () => {
    const parts = await workbookParts();
    const one = async (pieces: string[]) => zipOf(withSheet(parts, await sheetPart(pieces)));
    await refuse(await one([textRow(2, 'a'.repeat(100_001))]), 'cell.xlsx', IMPORT_MSG.cellTooLong);
    await refuse(await one([textRow(2, 'a'.repeat(700_000))]), 'cell.xlsx', IMPORT_MSG.cellTooLong);
    // '<' inside a comment does not end it: 10 MB of comment is one piece to the parser
    const comment = ['<!--', ...Array.from({ length: 10_000 }, () => `${'b'.repeat(999)}<`), '-->', textRow(2, 'x')];
    await refuse(await one(comment), 'comment.xlsx', IMPORT_MSG.cellTooLong);
  }, 60_000);

  it('refuses a sheet whose cells hold more than 64 MB of text, each cell within its limit', async () => {
    const rows = function* () {
      const text = 'a'.repeat(99_000);
      for (let r = 2; r <= 701; r++) yield textRow(r, text);
    };
    // 69 MB of text declared truly: under the 300 MB a sheet may unpack to
    const file = zipOf(withSheet(await workbookParts(), await sheetPart(rows())));
    await refuse(file, 'text.xlsx', IMPORT_MSG.unzippedTooLarge);
  }, 60_000);

  it('refuses a CSV of more than 100 columns or with a line past 100,000 characters', async () => {
    const header = Array.from({ length: 101 }, (_, i) => `C${i + 1}`).join(',');
    await refuse(`${header}\n${'x,'.repeat(100)}x\n`, 'wide.csv', IMPORT_MSG.tooManyColumns);
    await refuse(`Name,Notes\nBar,${'y'.repeat(100_001)}\n`, 'long.csv', IMPORT_MSG.lineTooLong);
    await refuse(`Name,Notes\nBar,"${'y'.repeat(100_001)}"\n`, 'long.csv', IMPORT_MSG.lineTooLong);
  });

  it('still reads a sheet within the limits', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Ok');
    ws.addRow(['Name', 'Address', 'City', 'Zip', 'TABC Permit']);
    ws.addRow(['Broken Spoke', '3201 S Lamar Blvd', 'Austin', '78704', 'MB123456']);
    const res = await upload(
      t.ctx,
      owner,
      '/import/customers/preview',
      Buffer.from(await wb.xlsx.writeBuffer()),
      {},
      'ok.xlsx',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.headers).toEqual(['Name', 'Address', 'City', 'Zip', 'TABC Permit']);
    expect(res.body.total).toBe(1);
  });
});
