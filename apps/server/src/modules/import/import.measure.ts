/**
 * Measures an XLSX before it is read (issue 35): the sizes its zip declares, each sheet's declared
 * dimension, then what its parts really unpack to (inflated and counted, never kept). A file
 * refused here costs no memory beyond its own bytes.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { IMPORT_LIMITS, IMPORT_MSG } from '@dbo/domain/import';
import { badRequest } from '../../lib/errors.js';

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The zip's central directory (names and declared sizes), without inflating anything. */
export function zipEntries(buf: Buffer): ZipEntry[] {
  // the end-of-central-directory record sits in the last 22 + 65,535 bytes
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw badRequest(IMPORT_MSG.unreadable);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw badRequest(IMPORT_MSG.unreadable);
    const nameLength = buf.readUInt16LE(at + 28);
    const entry = {
      flags: buf.readUInt16LE(at + 8),
      method: buf.readUInt16LE(at + 10),
      crc: buf.readUInt32LE(at + 16),
      compressedSize: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      localOffset: buf.readUInt32LE(at + 42),
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
    };
    // 0xFFFFFFFF: a ZIP64 size, over 4 GB: no spreadsheet of 20 MB honestly unpacks to that
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw badRequest(IMPORT_MSG.unzippedTooLarge);
    entries.push(entry);
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

/** The column number of a reference's letters (A = 1, XFD = 16,384). */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** The first bytes of an entry, inflated (at most 256 KB out): enough to hold `<dimension>`. */
function entryHead(buf: Buffer, e: ZipEntry): string {
  if (e.localOffset + 30 > buf.length || buf.readUInt32LE(e.localOffset) !== 0x04034b50) return '';
  const start = e.localOffset + 30 + buf.readUInt16LE(e.localOffset + 26) + buf.readUInt16LE(e.localOffset + 28);
  const data = buf.subarray(start, start + Math.min(e.compressedSize, 8192));
  if (e.method === 0) return data.toString('utf8');
  if (e.method !== 8) return '';
  try {
    return zlib
      .inflateRawSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: 256 * 1024 })
      .toString('utf8');
  } catch {
    return '';
  }
}

/**
 * Refuses, with a 400 naming the limit, an XLSX whose zip declares more than it may unpack to, or
 * a sheet whose declared dimension runs past 50,000 rows (plus the header) or 100 columns.
 */
export function measureXlsx(buf: Buffer): ZipEntry[] {
  const entries = zipEntries(buf);
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  const strings = entries.find((e) => e.name === 'xl/sharedStrings.xml');
  if (total > IMPORT_LIMITS.maxUnzippedBytes || (strings?.size ?? 0) > IMPORT_LIMITS.maxSharedStringsBytes)
    throw badRequest(IMPORT_MSG.unzippedTooLarge);
  for (const e of entries.filter((x) => /^xl\/worksheets\/sheet\d+\.xml$/.test(x.name))) {
    const ref = /<dimension\s+ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"/i.exec(entryHead(buf, e));
    if (!ref) continue;
    const lastColumn = columnNumber(ref[3] ?? ref[1]);
    const lastRow = Number(ref[4] ?? ref[2]);
    if (lastRow > IMPORT_LIMITS.maxRows + 1) throw badRequest(IMPORT_MSG.tooManyRows);
    if (lastColumn > IMPORT_LIMITS.maxColumns) throw badRequest(IMPORT_MSG.tooManyColumns);
  }
  return entries;
}

/** The parts the XLSX reader reads (exceljs's WorkbookReader); pictures and the rest are left out. */
const READ_PART =
  /^(_rels\/\.rels|xl\/_rels\/workbook\.xml\.rels|xl\/workbook\.xml|xl\/sharedStrings\.xml|xl\/styles\.xml|xl\/worksheets\/sheet\d+\.xml|xl\/worksheets\/_rels\/sheet\d+\.xml\.rels)$/;

/** An entry's stored bytes, found through its local header. */
function entryData(buf: Buffer, e: ZipEntry): Buffer {
  if (e.localOffset + 30 > buf.length || buf.readUInt32LE(e.localOffset) !== 0x04034b50)
    throw badRequest(IMPORT_MSG.unreadable);
  const start = e.localOffset + 30 + buf.readUInt16LE(e.localOffset + 26) + buf.readUInt16LE(e.localOffset + 28);
  if (start + e.compressedSize > buf.length) throw badRequest(IMPORT_MSG.unreadable);
  return buf.subarray(start, start + e.compressedSize);
}

/**
 * The longest run of XML bytes an XML parser may hold as one piece (a cell's text, a tag, a
 * comment): a cell of 100,000 characters, each up to 6 bytes as UTF-8 or an entity (&quot;).
 */
const MAX_RUN = IMPORT_LIMITS.maxCellLength * 6;
const LT = 0x3c;
const GT = 0x3e;

/**
 * Counts the bytes between one '<' and the next as they stream by; a comment, CDATA or processing
 * instruction (`<!`, `<?`) runs to its own end ('-->', ']]>', '?>'), since '<' inside it does
 * not end what the parser is holding.
 */
class RunMeter {
  private run = 0;
  private mode = 0; // 0, or the byte after '<' ('!' or '?') while inside such a construct
  private afterLt = false;
  private prev = [0, 0];

  feed(chunk: Buffer) {
    let i = 0;
    while (i < chunk.length) {
      if (this.afterLt) {
        this.afterLt = false;
        if (chunk[i] === 0x21 || chunk[i] === 0x3f) this.mode = chunk[i];
      }
      const at = chunk.indexOf(this.mode === 0 ? LT : GT, i);
      const end = at < 0 ? chunk.length : at;
      this.run += end - i;
      if (this.run > MAX_RUN) throw badRequest(IMPORT_MSG.cellTooLong);
      if (at < 0) break;
      i = at + 1;
      if (this.mode === 0) {
        this.run = 0;
        this.afterLt = true;
        continue;
      }
      const b1 = at >= 1 ? chunk[at - 1] : this.prev[1];
      const b2 = at >= 2 ? chunk[at - 2] : at === 1 ? this.prev[1] : this.prev[0];
      const ended = this.mode === 0x3f ? b1 === 0x3f : (b1 === 0x2d && b2 === 0x2d) || (b1 === 0x5d && b2 === 0x5d);
      if (ended) {
        this.mode = 0;
        this.run = 0;
      } else this.run++;
    }
    if (chunk.length >= 2) this.prev = [chunk[chunk.length - 2], chunk[chunk.length - 1]];
    else if (chunk.length === 1) this.prev = [this.prev[1], chunk[0]];
  }
}

/** Inflates an entry to nowhere, counting: more than it declared, or a run past MAX_RUN, is refused. */
async function checkEntry(data: Buffer, e: ZipEntry) {
  const meter = new RunMeter();
  if (e.method === 0) {
    if (data.length !== e.size) throw badRequest(IMPORT_MSG.unreadable);
    meter.feed(data);
    return;
  }
  if (e.method !== 8) throw badRequest(IMPORT_MSG.unreadable);
  await new Promise<void>((resolve, reject) => {
    const inflate = zlib.createInflateRaw();
    let out = 0;
    const stop = (err: Error) => {
      inflate.destroy();
      reject(err);
    };
    inflate.on('data', (chunk: Buffer) => {
      out += chunk.length;
      if (out > e.size) return stop(badRequest(IMPORT_MSG.unzippedTooLarge));
      try {
        meter.feed(chunk);
      } catch (err) {
        stop(err as Error);
      }
    });
    inflate.on('error', () => reject(badRequest(IMPORT_MSG.unreadable)));
    inflate.on('end', () => (out === e.size ? resolve() : reject(badRequest(IMPORT_MSG.unreadable))));
    inflate.end(data);
  });
}

/**
 * The XLSX as the reader may stream it: measured (declared sizes and dimensions), each part the
 * reader reads inflated once and counted against what it declared, then laid out again as a plain
 * zip of just those parts, their local headers written from the central directory. The reader
 * (unzipper, under exceljs) walks local headers and inflates without a bound, so it must never see
 * an entry the central directory does not describe, or a size the count did not confirm.
 */
export async function checkedXlsx(buf: Buffer): Promise<Readable> {
  const entries = measureXlsx(buf);
  // the sheets last: exceljs parses a sheet met before the shared strings and relations later,
  // from a temporary file
  const isSheet = (x: ZipEntry) => x.name.startsWith('xl/worksheets/sheet');
  const read = entries.filter((x) => READ_PART.test(x.name));
  const laid: ZipPart[] = [];
  for (const e of [...read.filter((x) => !isSheet(x)), ...read.filter(isSheet)]) {
    const data = entryData(buf, e);
    await checkEntry(data, e);
    // only the UTF-8 name flag: the sizes are in the headers
    laid.push({ name: e.name, data, size: e.size, method: e.method, crc: e.crc, flags: e.flags & 0x0800 });
  }
  return Readable.from(zipLayout(laid));
}

/** A part of a zip to lay out: its bytes as stored and what its headers declare. */
export interface ZipPart {
  name: string;
  /** the part as stored (deflated unless `method` says otherwise) */
  data: Buffer;
  /** the size its local header and the central directory declare */
  size: number;
  /** 8 (deflate) unless given */
  method?: number;
  crc?: number;
  flags?: number;
  /** false: in the stream of local entries only, not in the central directory (a test's hidden part) */
  listed?: boolean;
}

/** The bytes of a zip of `parts`, in their order: each local header and data, the central directory and its end. */
export function zipLayout(parts: ZipPart[]): Buffer[] {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const method = p.method ?? 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.flags ?? 0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(p.crc ?? 0, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    if (p.listed !== false) {
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(20, 4);
      entry.writeUInt16LE(20, 6);
      entry.writeUInt16LE(p.flags ?? 0, 8);
      entry.writeUInt16LE(method, 10);
      entry.writeUInt32LE(p.crc ?? 0, 16);
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
  return [...out, directory, end];
}
