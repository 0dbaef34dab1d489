/**
 * Measures an XLSX before it is read (issue 35): the sizes its zip declares, and each sheet's
 * declared dimension. A file refused here costs no memory beyond its own bytes.
 */
import zlib from 'node:zlib';
import { IMPORT_LIMITS, IMPORT_MSG } from '@dbo/domain/import';
import { badRequest } from '../../lib/errors.js';

interface ZipEntry {
  name: string;
  method: number;
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
      method: buf.readUInt16LE(at + 10),
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
export function measureXlsx(buf: Buffer) {
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
}
