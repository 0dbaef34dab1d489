import type { Dayjs } from 'dayjs';
import { texasToday } from '../../lib/date-range';

export type ComparisonRange = 'Monthly' | 'Weekly';

/** The whole month, or the whole week (Sunday to Saturday), of the chosen day. */
export function periodOf(range: ComparisonRange, day: Dayjs): { from: string; to: string; label: string } {
  const unit = range === 'Monthly' ? 'month' : 'week';
  const start = day.startOf(unit);
  const end = day.endOf(unit);
  const label =
    range === 'Monthly' ? start.format('MMM YYYY') : `${start.format('DD MMM')} - ${end.format('DD MMM, YYYY')}`;
  return { from: start.format('YYYY-MM-DD'), to: end.format('YYYY-MM-DD'), label };
}

/** The default pair: this period and the one before it. */
export function defaultPeriods(range: ComparisonRange, today: Dayjs = texasToday()): [Dayjs, Dayjs] {
  const unit = range === 'Monthly' ? 'month' : 'week';
  return [today.subtract(1, unit), today];
}
