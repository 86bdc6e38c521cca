const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (monthDays[month - 1] ?? 0);
}

export const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const instantPattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?$/i;

/**
 * An ISO 8601 instant, or a day (YYYY-MM-DD, a UTC day: its first millisecond for `from`, its last for
 * `to`, so a range of days includes both ends). A time without an offset is UTC. Dates that do not
 * exist (2023-02-30, 24:00) are refused rather than rolled over into the next month or day.
 */
export function readInstant(sent: string, end: 'from' | 'to'): number | null {
  // An unencoded "+" of an offset arrives as a space.
  const value = sent.replace(' ', '+');
  const day = dayPattern.exec(value);
  const instant = day ? null : instantPattern.exec(value);
  const parts = day ?? instant;
  if (!parts) return null;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month)) return null;
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, date);
  if (day) return end === 'from' ? at.getTime() : at.getTime() + 86_400_000 - 1;
  const [hour, minute, second] = [Number(instant?.[4]), Number(instant?.[5]), Number(instant?.[6] ?? 0)];
  const [offsetHours, offsetMinutes] = [Number(instant?.[10] ?? 0), Number(instant?.[11] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const millis = Math.floor(Number(`0${instant?.[7] ?? ''}`) * 1000);
  const offsetMs = (instant?.[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return at.getTime() + ((hour * 60 + minute) * 60 + second) * 1000 + millis - offsetMs;
}
