import { csvLine } from '@dbo/domain/csv';

/** A CSV of a report: its header, its rows, then the totals line the page shows. */
export function reportCsv(headers: string[], rows: unknown[][], totals: unknown[]): string {
  return [headers, ...rows, totals].map((r) => csvLine(r)).join('\r\n');
}
