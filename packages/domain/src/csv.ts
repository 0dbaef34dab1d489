/**
 * One CSV writer for every export: the server's (invoices, stamp log, delinquent accounts, import
 * rejects) and the web's (inventory, inventory history, reports). A cell a spreadsheet would run as a formula (it starts with =,
 * +, -, @, a tab or a carriage return) gets a leading apostrophe, which the spreadsheet shows as
 * text; plain numbers (-12.50, +12) are left as numbers. Cells with a quote, comma or line break are
 * quoted (RFC 4180).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: readonly unknown[]) => cells.map(csvCell).join(',');
