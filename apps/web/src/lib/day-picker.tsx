import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** The spec's date format ('dd MMM, yyyy'): what every date field of the product shows. */
export const DAY_FORMAT = 'DD MMM, YYYY';

/**
 * One calendar day as 'YYYY-MM-DD' (what the API takes), picked with the product's one date picker
 * in the spec's format (issue 36: native mm/dd/yyyy inputs on some screens, pickers on others).
 */
export function DayPicker({
  id,
  value,
  onChange,
  disabledDate,
  'aria-label': ariaLabel,
  width = 160,
}: {
  id?: string;
  value: string;
  onChange: (day: string) => void;
  disabledDate?: (day: dayjs.Dayjs) => boolean;
  'aria-label'?: string;
  width?: number;
}) {
  return (
    <DatePicker
      id={id}
      aria-label={ariaLabel}
      value={value ? dayjs(value) : null}
      format={DAY_FORMAT}
      allowClear={false}
      disabledDate={disabledDate}
      onChange={(d) => d && onChange(d.format('YYYY-MM-DD'))}
      style={{ width }}
    />
  );
}
