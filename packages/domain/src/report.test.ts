import { describe, expect, it } from 'vitest';
import { REPORT_MSG, reportRange, salesReportQuery, twelveMonthsBack } from './report.js';

const issue = (q: Record<string, unknown>) => {
  const r = salesReportQuery.safeParse(q);
  return r.success ? null : r.error.issues[0].message;
};

describe('report ranges', () => {
  it('allows up to 3 years, both ends included', () => {
    expect(issue({ from: '2023-01-01', to: '2025-12-31' })).toBeNull();
    expect(issue({ from: '2023-01-01', to: '2026-01-01' })).toBe(REPORT_MSG.tooLong);
    // from a leap day: three years later has no 29 February
    expect(issue({ from: '2024-02-29', to: '2027-02-27' })).toBeNull();
    expect(issue({ from: '2024-02-29', to: '2027-02-28' })).toBe(REPORT_MSG.tooLong);
  });

  it('refuses from after to, and a grouping it does not know', () => {
    expect(issue({ from: '2026-03-02', to: '2026-03-01' })).toBe(REPORT_MSG.order);
    expect(issue({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(issue({ groupBy: 'week' })).toBe(REPORT_MSG.groupBy);
    expect(salesReportQuery.parse({}).groupBy).toBe('product');
  });

  it('answers the field message, not a thrown error, for ends that are not days (fuzz found a 500)', () => {
    expect(issue({ from: 'constructor', to: 'price' })).toBe(REPORT_MSG.from);
    expect(issue({ from: '2147483648', to: 'R W=T{!M!{' })).toBe(REPORT_MSG.from);
    expect(issue({ from: '2026-01-01', to: '2026-02-30' })).toBe(REPORT_MSG.to);
  });

  it('defaults to the last 12 months, this month included', () => {
    expect(twelveMonthsBack('2026-11-23')).toBe('2025-12-01');
    expect(twelveMonthsBack('2026-01-31')).toBe('2025-02-01');
    expect(reportRange({}, '2026-11-23')).toEqual({ from: '2025-12-01', to: '2026-11-23' });
    expect(reportRange({ to: '2026-03-15' }, '2026-11-23')).toEqual({ from: '2025-04-01', to: '2026-03-15' });
  });
});
