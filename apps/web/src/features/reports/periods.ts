import { todayInTexas } from '@dbo/domain/dates';
import dayjs, { type Dayjs } from 'dayjs';

/** Today as a distributor in Texas counts it, whatever the browser's time zone. */
const texasToday = () => dayjs(todayInTexas());

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

/** No future periods: a day after today cannot be picked. */
export const isFuture = (d: Dayjs, today: Dayjs = texasToday()) => d.isAfter(today, 'day');
