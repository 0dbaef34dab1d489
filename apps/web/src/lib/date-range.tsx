import { todayInTexas } from '@dbo/domain/dates';
import { DatePicker, type GetProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

export type DayRange = [Dayjs, Dayjs] | null;

/** Today as a distributor in Texas counts it, whatever the browser's time zone. */
export const texasToday = () => dayjs(todayInTexas());

/** A day after today in Texas: what no past-only picker lets be picked. */
export const isFuture = (d: Dayjs, today: Dayjs = texasToday()) => d.isAfter(today, 'day');

/** A range of past days (today in Texas the last one that can be picked); cleared: null. */
export function PastRangePicker({
  value,
  onChange,
  ...picker
}: { value: DayRange; onChange: (range: DayRange) => void } & Pick<
  GetProps<typeof DatePicker.RangePicker>,
  'aria-label' | 'format'
>) {
  return (
    <DatePicker.RangePicker
      {...picker}
      value={value}
      onChange={(v) => onChange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
      disabledDate={(d) => isFuture(d)}
    />
  );
}

/** The grid's extra filter model for a picked range of `field` (no range: none). */
export function dateRangeFilter(field: string, range: DayRange) {
  return range
    ? {
        [field]: {
          filterType: 'date',
          type: 'inRange',
          dateFrom: range[0].format('YYYY-MM-DD'),
          dateTo: range[1].format('YYYY-MM-DD'),
        },
      }
    : undefined;
}
