import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isFuture } from '../../lib/date-range';
import { defaultPeriods, periodOf } from './periods';

/** A browser outside Texas (UTC, as CI's Chromium), on the evening of 30 Nov in Texas: 1 Dec, 03:00 UTC. */
const zone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'UTC';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T03:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  process.env.TZ = zone;
});

describe('report periods count days as Texas does', () => {
  it("does not let the browser's own tomorrow be picked", () => {
    expect(isFuture(dayjs('2026-11-30'))).toBe(false);
    expect(isFuture(dayjs('2026-12-01'))).toBe(true);
  });

  it('defaults to this month and last month in Texas', () => {
    const [before, now] = defaultPeriods('Monthly');
    expect(periodOf('Monthly', now)).toEqual({ from: '2026-11-01', to: '2026-11-30', label: 'Nov 2026' });
    expect(periodOf('Monthly', before).label).toBe('Oct 2026');
  });
});
