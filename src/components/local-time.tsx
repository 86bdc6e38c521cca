import { formatDateTime, formatExactDateTime } from '../lib/format';

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const calendarDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A timestamp in the reader's local time; the exact time with its zone shows on hover. A bare date
 * (a required ship date may be one) is a calendar day, not an instant, so it is shown as that day.
 */
export function LocalTime({ value }: { value: string | null | undefined }) {
  if (!value) return <span>—</span>;
  if (dateOnly.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(day.getTime())) return <time dateTime={value}>{calendarDay.format(day)}</time>;
  }
  return (
    <time dateTime={value} title={formatExactDateTime(value)}>
      {formatDateTime(value)}
    </time>
  );
}
