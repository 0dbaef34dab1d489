/**
 * The one reader of import files, for the dry run and the import alike: CSV (csv-parse, already
 * used for the TABC file) or XLSX (exceljs: the npm `xlsx` package is stuck at 0.18.5 with
 * published advisories; exceljs reads and writes .xlsx with no native code). Every cell becomes
 * text: a formula cell reads as its cached value, a date cell as its day (YYYY-MM-DD), a number
 * as its shortest decimal, so money arrives exact to the cent. Nothing is ever evaluated: a text
 * cell starting with = + - @ stays that text.
 */
import { IMPORT_LIMITS, IMPORT_MSG } from '@dbo/domain/import';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest, HttpError } from '../../lib/errors.js';
import { checkedXlsx } from './import.measure.js';

export interface SheetRow {
  /** the line in the file: the header is row 1 */
  row: number;
  cells: string[];
}

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Buffer) => b.length > 4 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

export async function readSheet(buffer: Buffer): Promise<Sheet> {
  if (buffer.length === 0) throw badRequest(IMPORT_MSG.empty);
  if (buffer.length > IMPORT_LIMITS.maxBytes) throw badRequest(IMPORT_MSG.fileTooLarge);
  // an old binary .xls, or any other binary file, is not something we read
  if (isOle(buffer)) throw badRequest(IMPORT_MSG.fileType);
  const table = isZip(buffer) ? await readXlsx(buffer) : readCsv(buffer);
  return toSheet(table);
}

function toSheet(table: string[][]): Sheet {
  const [head, ...body] = table;
  if (!head) throw badRequest(IMPORT_MSG.empty);
  const headers = head.map((h, i) => h.trim() || `Column ${i + 1}`);
  const rows: SheetRow[] = [];
  body.forEach((cells, i) => {
    if (cells.some((c) => c.trim() !== '')) rows.push({ row: i + 2, cells });
  });
  if (rows.length === 0) throw badRequest(IMPORT_MSG.empty);
  if (rows.length > IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MSG.tooManyRows);
  return { headers, rows };
}

/** The separator of the header line: comma, semicolon (European Excel) or tab. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n/) >>> 0 || text.length);
  const count = (ch: string) => first.split(ch).length - 1;
  const best = [',', ';', '\t'].map((d) => [d, count(d)] as const).sort((a, b) => b[1] - a[1])[0];
  return best[1] > 0 ? best[0] : ',';
}

/** Refuses a CSV with a line longer than the limit before parsing it. */
function checkLineLengths(text: string) {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end - start > IMPORT_LIMITS.maxLineLength) throw badRequest(IMPORT_MSG.lineTooLong);
    start = end + 1;
  }
}

function readCsv(buffer: Buffer): string[][] {
  const probe = buffer.subarray(0, 8192);
  if (probe.includes(0)) throw badRequest(IMPORT_MSG.fileType);
  const text = buffer.toString('utf8');
  checkLineLengths(text);
  let cells = 0;
  try {
    return parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // a quoted field may hold line breaks: the record is bounded all the same
      max_record_size: IMPORT_LIMITS.maxLineLength,
      // one past the limit (and the header) is enough to know the file is too long
      to: IMPORT_LIMITS.maxRows + 2,
      on_record: (record: string[]) => {
        if (record.length > IMPORT_LIMITS.maxColumns) throw badRequest(IMPORT_MSG.tooManyColumns);
        cells += record.length;
        if (cells > IMPORT_LIMITS.maxCells) throw badRequest(IMPORT_MSG.tooManyCells);
        return record;
      },
    }) as string[][];
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if ((err as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw badRequest(IMPORT_MSG.lineTooLong);
    throw badRequest(IMPORT_MSG.unreadable);
  }
}

/**
 * The first sheet with a row, read as a stream (exceljs's WorkbookReader): measured first
 * (import.measure.ts), then each row checked as it arrives, so a row past 50,000, a cell past
 * column 100, the millionth filled cell, a cell past 100,000 characters or text past 64 MB in all
 * stops the read at once with a 400 naming the limit.
 */
async function readXlsx(buffer: Buffer): Promise<string[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(await checkedXlsx(buffer), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const table: string[][] = [];
  let cells = 0;
  let text = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (row.number > IMPORT_LIMITS.maxRows + 1) throw badRequest(IMPORT_MSG.tooManyRows);
        const values: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          if (col > IMPORT_LIMITS.maxColumns) throw badRequest(IMPORT_MSG.tooManyColumns);
          const value = cellText(cell.value);
          if (value.length > IMPORT_LIMITS.maxCellLength) throw badRequest(IMPORT_MSG.cellTooLong);
          text += value.length;
          if (text > IMPORT_LIMITS.maxSharedStringsBytes) throw badRequest(IMPORT_MSG.unzippedTooLarge);
          values[col - 1] = value;
          if (++cells > IMPORT_LIMITS.maxCells) throw badRequest(IMPORT_MSG.tooManyCells);
        });
        table[row.number - 1] = Array.from(values, (v) => v ?? '');
      }
      if (table.length > 0) break;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(IMPORT_MSG.unreadable);
  }
  if (table.length === 0) throw badRequest(IMPORT_MSG.empty);
  const width = Math.max(...table.map((r) => r?.length ?? 0));
  for (let i = 0; i < table.length; i++) {
    const r = table[i] ?? [];
    while (r.length < width) r.push('');
    table[i] = r;
  }
  return table;
}

/** The shortest decimal of a number as the sheet shows it (0.1 + 0.2 reads 0.3, not 0.30000000000000004). */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toPrecision(15)));
}

/** exceljs dates are the sheet's wall time as UTC: the day is the UTC date. */
const dayOf = (d: Date) => (Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10));

export function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return dayOf(v);
  if (typeof v === 'object') {
    if ('formula' in v || 'sharedFormula' in v) {
      const result = (v as { result?: unknown }).result;
      if (result && typeof result === 'object' && 'error' in result) return String((result as { error: string }).error);
      return cellText(result as ExcelJS.CellValue);
    }
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('hyperlink' in v) return cellText((v as { text?: ExcelJS.CellValue }).text);
    if ('error' in v) return String(v.error);
  }
  return String(v);
}
