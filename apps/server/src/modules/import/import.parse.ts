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
import { badRequest } from '../../lib/errors.js';

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

function readCsv(buffer: Buffer): string[][] {
  const probe = buffer.subarray(0, 8192);
  if (probe.includes(0)) throw badRequest(IMPORT_MSG.fileType);
  const text = buffer.toString('utf8');
  try {
    return parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // one past the limit (and the header) is enough to know the file is too long
      to: IMPORT_LIMITS.maxRows + 2,
    }) as string[][];
  } catch {
    throw badRequest(IMPORT_MSG.unreadable);
  }
}

async function readXlsx(buffer: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest(IMPORT_MSG.unreadable);
  }
  const ws = wb.worksheets.find((w) => w.actualRowCount > 0) ?? wb.worksheets[0];
  if (!ws) throw badRequest(IMPORT_MSG.empty);
  if (ws.actualRowCount > IMPORT_LIMITS.maxRows + 1) throw badRequest(IMPORT_MSG.tooManyRows);
  const width = ws.actualColumnCount;
  const table: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    table[n - 1] = cells;
  });
  for (let i = 0; i < table.length; i++) table[i] ??= [];
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
