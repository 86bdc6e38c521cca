// The operator documents day-valued members (requiredShipDate, eta) as full timestamps at midnight UTC.

const plainDay = /^\d{4}-\d{2}-\d{2}$/;
const midnightUtc = /^(\d{4}-\d{2}-\d{2})T00:00:00(?:\.0+)?(?:Z|[+-]00:00)$/;

/**
 * The day a person picked (YYYY-MM-DD) as the operator takes it: `2023-05-15T00:00:00+00:00`. A value that
 * already is a full timestamp goes as it is.
 */
export function dayAsTimestamp(value: string): string {
  return plainDay.test(value) ? `${value}T00:00:00+00:00` : value;
}

/**
 * The calendar day a day-valued member names, when it names one: a plain date, or a timestamp at midnight UTC
 * (what we and the operator send for a picked day). Shown as that day everywhere, never shifted into the
 * reader's zone. Any other timestamp is an instant: undefined.
 */
export function calendarDayOf(value: string): string | undefined {
  if (plainDay.test(value)) return value;
  return midnightUtc.exec(value)?.[1];
}
