import { describe, expect, it } from 'vitest';
import { addDays, formatDate, formatDateTime, isDueOnDelivery, notLaterThanDaysAhead, todayInTexas } from './dates.js';

describe('Texas dates', () => {
  it('takes today in America/Chicago, not UTC', () => {
    // 03:30 UTC on Nov 22 is still Nov 21 in Texas (UTC-6)
    expect(todayInTexas(new Date('2026-11-22T03:30:00Z'))).toBe('2026-11-21');
    expect(todayInTexas(new Date('2026-07-04T04:59:00Z'))).toBe('2026-07-03'); // CDT, UTC-5
    expect(todayInTexas(new Date('2026-07-04T05:00:00Z'))).toBe('2026-07-04');
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('limits a date to N days ahead', () => {
    const now = new Date('2026-11-21T18:00:00Z');
    expect(notLaterThanDaysAhead('2026-12-01', 10, now)).toBe(true);
    expect(notLaterThanDaysAhead('2026-12-02', 10, now)).toBe(false);
  });

  it("shows tomorrow's due date as due on delivery", () => {
    const now = new Date('2026-11-21T18:00:00Z');
    expect(isDueOnDelivery('2026-11-22', now)).toBe(true);
    expect(isDueOnDelivery('2026-11-23', now)).toBe(false);
    expect(isDueOnDelivery(null, now)).toBe(false);
  });

  it("formats as 'dd MMM, yyyy' and with time", () => {
    expect(formatDate('2026-03-05')).toBe('05 Mar, 2026');
    expect(formatDateTime('2026-03-05T20:07:00Z')).toBe('05 Mar, 2026 02:07 PM');
  });
});
