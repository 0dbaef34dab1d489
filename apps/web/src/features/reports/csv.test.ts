import { describe, expect, it } from 'vitest';
import { reportCsv } from './csv';
import { periodOf } from './periods';
import dayjs from 'dayjs';

describe('report CSV', () => {
  it('writes the header, the rows and the totals, quoting and defusing cells', () => {
    const csv = reportCsv(
      ['Product', 'Amount'],
      [
        ['=SUM(A1)', '12.50'],
        ['A, "B"', '-3.00'],
      ],
      ['Total', '9.50'],
    );
    expect(csv.split('\r\n')).toEqual(['Product,Amount', "'=SUM(A1),12.50", '"A, ""B""",-3.00', 'Total,9.50']);
  });
});

describe('comparison periods', () => {
  it('takes the whole month or the whole week of the chosen day', () => {
    expect(periodOf('Monthly', dayjs('2026-02-14'))).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodOf('Weekly', dayjs('2026-11-25'))).toMatchObject({ from: '2026-11-22', to: '2026-11-28' });
  });
});
