// The operator documents day-valued members (requiredShipDate, eta) as full timestamps at midnight UTC; we
// send them so (dayAsOperatorTimestamp in the contract) and read such a timestamp back as its calendar day.

const plainDay = /^\d{4}-\d{2}-\d{2}$/;
const midnightUtc = /^(\d{4}-\d{2}-\d{2})T00:00:00(?:\.0+)?(?:Z|[+-]00:00)$/;

/**
 * The calendar day a day-valued member names, when it names one: a plain date, or a timestamp at midnight UTC
 * (what we and the operator send for a picked day). Shown as that day everywhere, never shifted into the
 * reader's zone. Any other timestamp is an instant: undefined.
 */
export function calendarDayOf(value: string): string | undefined {
  if (plainDay.test(value)) return value;
  return midnightUtc.exec(value)?.[1];
}
