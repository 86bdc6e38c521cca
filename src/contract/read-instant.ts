import { z } from 'zod';

const isoDay = z.iso.date();
const isoInstant = z.iso.datetime({ offset: true, local: true });

/**
 * An ISO 8601 instant, or a day (YYYY-MM-DD, a UTC day: its first millisecond for `from`, its last for
 * `to`, so a range of days includes both ends). A time without an offset is UTC. Dates and times that do
 * not exist (2023-02-30, 24:00) are refused rather than rolled over into the next month or day.
 */
export function readInstant(sent: string, end: 'from' | 'to'): number | null {
  // An unencoded "+" of an offset arrives as a space.
  const value = sent.replace(' ', '+');
  if (isoDay.safeParse(value).success) {
    const start = Date.parse(`${value}T00:00:00Z`);
    return end === 'from' ? start : start + 86_400_000 - 1;
  }
  if (!isoInstant.safeParse(value).success) return null;
  return Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`);
}
