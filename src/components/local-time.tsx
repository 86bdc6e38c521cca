import { Tooltip } from '@mantine/core';
import { formatCalendarDay, formatDate, formatDateTime, formatExactDateTime } from '@/domain/format';
import { calendarDayOf } from '@/lib/day-timestamp';

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A timestamp in the reader's local time; the exact time with its zone shows on hover, keyboard focus
 * and touch (and is the element's description for screen readers). A bare date (a required ship date
 * may be one) is a calendar day, not an instant, so it is shown as that day; so is a midnight-UTC timestamp
 * of a day-valued member (`dayValued`: a required ship date or ETA sent as the operator documents it).
 */
export function LocalTime({
  value,
  focusable = true,
  dayValued = false,
  dayShown = false,
}: {
  value: string | null | undefined;
  /** Off in tables: a Tab stop on every row's time would bury the row links; hover still works there. */
  focusable?: boolean;
  dayValued?: boolean;
  /** Only the local day is shown, the time with the exact value: narrow list columns. */
  dayShown?: boolean;
}) {
  if (!value) return <span>—</span>;
  const dayOnly = dayValued ? calendarDayOf(value) : dateOnly.test(value) ? value : undefined;
  const day = dayOnly ? formatCalendarDay(dayOnly) : undefined;
  if (dayOnly && day !== dayOnly) return <time dateTime={dayOnly}>{day}</time>;
  const shown = dayShown ? formatDate(value) : formatDateTime(value);
  const exact = formatExactDateTime(value);
  // Not a date we can read: the raw value is all there is to show.
  if (exact === shown) return <time dateTime={value}>{shown}</time>;
  return (
    <Tooltip label={exact} events={{ hover: true, focus: focusable, touch: true }}>
      {/* Focusable: focus is the keyboard's only way to the exact time (WCAG 1.4.13). */}
      <time dateTime={value} tabIndex={focusable ? 0 : undefined} className="mantine-focus-auto">
        {shown}
      </time>
    </Tooltip>
  );
}
