import type { ReaderDay } from '@/contract/work-queues';
import { endOfLocalDay, localDay, startOfLocalDay } from '@/domain/local-day';

/** Noon of the local calendar day `days` before `now`'s: noon, so no clock change moves it to another day. */
export function dayBefore(now: Date, days: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, 12);
}

/**
 * The reader's day as the queues ask for it: today's calendar day, and the instants its day six days ago
 * began and today ends (what the lists' "Last 7 days" covers).
 */
export function readerDay(now: Date): ReaderDay {
  return {
    today: localDay(now),
    weekFrom: startOfLocalDay(localDay(dayBefore(now, 6))),
    weekTo: endOfLocalDay(localDay(now)),
  };
}
