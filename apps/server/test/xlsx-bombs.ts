/**
 * Hand-made XLSX zips for the import limits (issue 35): a workbook's parts laid out by hand, so a
 * test can make a part unpack to more than its zip declares, hide a part from the central
 * directory, or stream a sheet far larger than any buffer the test would want to hold.
 */
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

export interface ZipPart {
  name: string;
  /** the part, deflated */
  data: Buffer;
  /** the size its local header and the central directory declare */
  size: number;
  /** false: in the stream of local entries only, not in the central directory */
  listed?: boolean;
}

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
export function zipOf(parts: ZipPart[]): Buffer {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    if (p.listed !== false) {
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(20, 4);
      entry.writeUInt16LE(20, 6);
      entry.writeUInt16LE(8, 10);
      entry.writeUInt32LE(p.data.length, 20);
      entry.writeUInt32LE(p.size, 24);
      entry.writeUInt16LE(name.length, 28);
      entry.writeUInt32LE(offset, 42);
      central.push(entry, name);
    }
    out.push(local, name, p.data);
    offset += local.length + name.length + p.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

/** The workbook's parts with its sheet replaced. */
export const withSheet = (parts: ZipPart[], sheet: ZipPart) => parts.map((p) => (p.name === SHEET ? sheet : p));
