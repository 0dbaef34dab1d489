/** A CSV of a report: its header, its rows, then the totals line the page shows. */
const cell = (v: unknown) => {
  let s = v === null || v === undefined ? '' : String(v);
  // a cell a spreadsheet would run as a formula is kept as text
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function reportCsv(headers: string[], rows: unknown[][], totals: unknown[]): string {
  return [headers, ...rows, totals].map((r) => r.map(cell).join(',')).join('\r\n');
}
