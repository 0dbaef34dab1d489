/**
 * Hand-made XLSX zips for the import limits (issue 35): a workbook's parts laid out by hand, so a
 * test can make a part unpack to more than its zip declares, hide a part from the central
 * directory, or stream a sheet far larger than any buffer the test would want to hold.
 */
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { type ZipPart, zipLayout } from '../src/modules/import/import.measure.js';

export type { ZipPart };

export const SHEET = 'xl/worksheets/sheet1.xml';
const HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const TAIL = '</sheetData></worksheet>';

/** A cell of inline text at row `r`, column A. */
export const textRow = (r: number, text: string) =>
  `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${text}</t></is></c></row>`;

/** A sheet of the given XML pieces (after a header row), deflated as it is made: its true size and bytes. */
export async function sheetPart(pieces: Iterable<string | Buffer>, header = 'Name'): Promise<ZipPart> {
  const deflate = zlib.createDeflateRaw({ level: 6 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let size = 0;
  const write = async (piece: string | Buffer) => {
    const b = typeof piece === 'string' ? Buffer.from(piece) : piece;
    size += b.length;
    if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
  };
  await write(HEAD + textRow(1, header));
  for (const piece of pieces) await write(piece);
  await write(TAIL);
  deflate.end();
  await done;
  return { name: SHEET, data: Buffer.concat(chunks), size };
}

/** `times` copies of one megabyte of 'a', for a text of that many MB. */
export function* megabytes(times: number): Generator<Buffer> {
  const mb = Buffer.alloc(1024 * 1024, 'a');
  for (let i = 0; i < times; i++) yield mb;
}

/** The parts of a small workbook with one sheet (Name / Broken Spoke), each deflated. */
export async function workbookParts(): Promise<ZipPart[]> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('S');
  ws.addRow(['Name']);
  ws.addRow(['Broken Spoke']);
  const zip = await JSZip.loadAsync(await wb.xlsx.writeBuffer());
  const parts: ZipPart[] = [];
  for (const name of Object.keys(zip.files).filter((n) => !zip.files[n].dir)) {
    const raw = await zip.file(name)!.async('nodebuffer');
    parts.push({ name, data: zlib.deflateRawSync(raw), size: raw.length });
  }
  return parts;
}

/** The zip of the parts, as laid out (no CRCs: the reader does not check them). */
export const zipOf = (parts: ZipPart[]): Buffer => Buffer.concat(zipLayout(parts));

/** The workbook's parts with its sheet replaced. */
export const withSheet = (parts: ZipPart[], sheet: ZipPart) => parts.map((p) => (p.name === SHEET ? sheet : p));
