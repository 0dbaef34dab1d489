export const BUSINESS_TZ = 'America/Chicago';

const ymd = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date (YYYY-MM-DD) in Texas, whatever the server's time zone. */
export function todayInTexas(now: Date = new Date()): string {
  return ymd.format(now);
}

/** Adds days to a YYYY-MM-DD date, as a calendar date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Normalises a date or ISO timestamp to its YYYY-MM-DD day (a bare date stays as it is). */
export function toDay(value: string | Date): string {
  if (value instanceof Date) return ymd.format(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return ymd.format(new Date(value));
}

/** True when the date is no later than `days` after today in Texas. */
export function notLaterThanDaysAhead(value: string, days: number, now: Date = new Date()): boolean {
  return toDay(value) <= addDays(todayInTexas(now), days);
}

/** A due date of tomorrow is shown as 'Due on delivery'. */
export function isDueOnDelivery(dueAt: string | null | undefined, now: Date = new Date()): boolean {
  return !!dueAt && toDay(dueAt) === addDays(todayInTexas(now), 1);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'dd MMM, yyyy' */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const day = toDay(value);
  const [y, m, d] = day.split('-');
  return `${d} ${MONTHS[Number(m) - 1]}, ${y}`;
}

/** 'dd MMM, yyyy hh:mm a' in Texas time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TZ,
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(date);
  const h = parts.find((p) => p.type === 'hour')?.value ?? '';
  const min = parts.find((p) => p.type === 'minute')?.value ?? '';
  const ap = (parts.find((p) => p.type === 'dayPeriod')?.value ?? '').toUpperCase();
  return `${formatDate(date)} ${h}:${min} ${ap}`;
}
