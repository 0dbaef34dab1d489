import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  creditLawDueDate,
  defaultDueDate,
  delinquencyCutoff,
  delinquentFrom,
  holidaySet,
  holidaysRequest,
  isBusinessDay,
  isDelinquent,
  texasHolidaysBetween,
  texasStateHolidays,
} from './credit-law.js';
import { addDays } from './dates.js';

const TX = holidaySet(texasHolidaysBetween(2025, 2029));
const NONE = holidaySet([]);

describe('credit-law due date (§102.32: 1st-15th -> 25th, 16th-end -> 10th of next month)', () => {
  it.each([
    ['2026-01-01', '2026-01-25'],
    ['2026-01-15', '2026-01-25'],
    ['2026-01-16', '2026-02-10'],
    ['2026-01-31', '2026-02-10'],
    ['2026-02-15', '2026-02-25'],
    ['2026-02-16', '2026-03-10'],
    ['2026-02-28', '2026-03-10'], // February of a common year
    ['2028-02-29', '2028-03-10'], // leap day
    ['2026-04-30', '2026-05-10'], // 30-day month end
    ['2026-11-23', '2026-12-10'],
    ['2026-12-15', '2026-12-25'],
    ['2026-12-16', '2027-01-10'], // year end
    ['2026-12-31', '2027-01-10'],
  ])('bought %s -> due %s', (day, due) => {
    expect(creditLawDueDate(day)).toBe(due);
  });

  it.each([
    [{ invoiceDay: '2026-11-05', beer: false, cashOnDelivery: false }, '2026-11-25', 'credit_1_15'],
    [{ invoiceDay: '2026-11-16', beer: false, cashOnDelivery: false }, '2026-12-10', 'credit_16_end'],
    [{ invoiceDay: '2026-11-16', beer: true, cashOnDelivery: false }, '2026-11-17', 'beer'],
    [{ invoiceDay: '2026-11-30', beer: true, cashOnDelivery: true }, '2026-12-01', 'beer'],
    [{ invoiceDay: '2026-11-05', beer: false, cashOnDelivery: true }, '2026-11-06', 'cash_on_delivery'],
  ])('default for %o is %s (%s)', (opts, due, rule) => {
    const r = defaultDueDate(opts);
    expect([r.due_at, r.rule]).toEqual([due, rule]);
    expect(r.label.length).toBeGreaterThan(10);
  });
});

describe('Texas state holidays', () => {
  it('lists the fixed and the floating holidays of 2026', () => {
    expect(texasStateHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-01-19', // MLK day (3rd Monday) and Confederate Heroes Day fall together
      '2026-01-19',
      '2026-02-16', // Presidents' Day, 3rd Monday
      '2026-03-02',
      '2026-04-21',
      '2026-05-25', // last Monday of May
      '2026-06-19',
      '2026-07-04',
      '2026-08-27',
      '2026-09-07', // first Monday of September
      '2026-11-11',
      '2026-11-26', // 4th Thursday of November
      '2026-12-25',
    ]);
  });

  it('computes the floating ones in a leap year', () => {
    const byName = Object.fromEntries(texasStateHolidays(2024).map((h) => [h.name, h.date]));
    expect(byName['Martin Luther King, Jr. Day']).toBe('2024-01-15');
    expect(byName["Presidents' Day"]).toBe('2024-02-19');
    expect(byName['Memorial Day']).toBe('2024-05-27');
    expect(byName['Labor Day']).toBe('2024-09-02');
    expect(byName['Thanksgiving Day']).toBe('2024-11-28');
  });
});

describe('business days (Sundays and legal holidays are not)', () => {
  it.each([
    ['2026-11-21', true], // Saturday
    ['2026-11-22', false], // Sunday
    ['2026-11-23', true],
    ['2026-11-26', false], // Thanksgiving
    ['2026-03-02', false], // Texas Independence Day
  ])('%s -> %s', (day, ok) => {
    expect(isBusinessDay(day as string, TX)).toBe(ok);
  });

  it('counts forward skipping Sundays and holidays', () => {
    expect(addBusinessDays('2026-11-25', 1, TX)).toBe('2026-11-27');
    expect(addBusinessDays('2026-11-21', 1, TX)).toBe('2026-11-23');
    expect(addBusinessDays('2026-11-21', 1, NONE)).toBe('2026-11-23');
  });
});

describe('delinquency: unpaid on the 4th business day after the due date', () => {
  it.each([
    ['2026-11-10', '2026-11-16', 'Veterans Day and a Sunday in between'],
    ['2026-04-25', '2026-04-30', 'due on a Saturday'],
    ['2026-11-25', '2026-12-01', 'due the day before Thanksgiving'],
    ['2026-12-25', '2026-12-30', 'due on Christmas'],
    ['2027-01-10', '2027-01-14', 'due on a Sunday'],
    ['2026-02-25', '2026-03-03', 'February, with Texas Independence Day'],
    ['2028-02-25', '2028-03-01', 'February of a leap year'],
    ['2026-12-31', '2027-01-06', "over New Year's Day"],
  ])('due %s -> delinquent from %s (%s)', (due, from) => {
    expect(delinquentFrom(due, TX)).toBe(from);
  });

  it('counts only Sundays without a holiday list', () => {
    expect(delinquentFrom('2026-11-10', NONE)).toBe('2026-11-14');
  });

  it('uses the day in Texas around midnight', () => {
    // 05:59 UTC on Nov 16 is 23:59 on Nov 15 in Texas (CST, UTC-6)
    expect(isDelinquent('2026-11-10', TX, new Date('2026-11-16T05:59:00Z'))).toBe(false);
    expect(isDelinquent('2026-11-10', TX, new Date('2026-11-16T06:00:00Z'))).toBe(true);
    // summer time (CDT, UTC-5)
    expect(isDelinquent('2026-06-10', TX, new Date('2026-06-15T04:59:00Z'))).toBe(false);
    expect(isDelinquent('2026-06-10', TX, new Date('2026-06-15T05:00:00Z'))).toBe(true);
  });

  it.each([
    ['2026-11-16', '2026-11-11'],
    ['2026-11-15', '2026-11-09'], // a Sunday: the same as the Saturday
    ['2026-11-14', '2026-11-09'], // Veterans Day does not count
    ['2026-11-27', '2026-11-22'], // nor Thanksgiving
  ])('on %s every due date up to %s is delinquent', (day, cutoff) => {
    expect(delinquencyCutoff(day, TX)).toBe(cutoff);
  });

  it('the cutoff agrees with delinquentFrom on every pair of days over two years', () => {
    for (let day = '2026-01-01'; day <= '2027-12-31'; day = addDays(day, 9)) {
      const cutoff = delinquencyCutoff(day, TX);
      for (let k = -40; k <= 5; k++) {
        const due = addDays(day, k);
        expect(due <= cutoff, `${day} ${due}`).toBe(delinquentFrom(due, TX) <= day);
      }
    }
  });
});

describe('holiday list setting', () => {
  it('refuses a date listed twice and impossible dates', () => {
    const ok = holidaysRequest.safeParse({ holidays: [{ date: '2026-12-24', name: 'Christmas Eve' }] });
    expect(ok.success).toBe(true);
    const dup = holidaysRequest.safeParse({
      holidays: [
        { date: '2026-12-24', name: 'a' },
        { date: '2026-12-24', name: 'b' },
      ],
    });
    expect(dup.success).toBe(false);
    expect(holidaysRequest.safeParse({ holidays: [{ date: '2026-02-30', name: 'x' }] }).success).toBe(false);
  });
});
