import { AGING_BUCKETS, AGING_BUCKET_LABELS } from '@dbo/domain/receivables';
import type { AgingAnswer, AgingRow } from './api';

const cell = (v: unknown) => {
  let s = v === null || v === undefined ? '' : String(v);
  // a cell a spreadsheet would run as a formula is kept as text
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The aging as CSV: a line per customer, then the totals. */
export function agingCsv(rows: AgingRow[], totals: AgingAnswer['totals']): string {
  const head = ['Customer', ...AGING_BUCKETS.map((b) => AGING_BUCKET_LABELS[b]), 'Total'];
  const money = (n: number) => n.toFixed(2);
  const lines = [
    head,
    ...rows.map((r) => [r.customer, ...AGING_BUCKETS.map((b) => money(r[b])), money(r.total)]),
    ['Total', ...AGING_BUCKETS.map((b) => money(totals[b])), money(totals.total)],
  ];
  return lines.map((l) => l.map(cell).join(',')).join('\r\n');
}
