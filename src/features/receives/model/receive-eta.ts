import { localDay } from '@/domain/local-day';
import { calendarDayOf } from '@/lib/day-timestamp';

/** Where an ETA stands against today, for a receive that is still expected. */
export type EtaStanding = 'none' | 'overdue' | 'today' | 'upcoming' | 'settled';

/**
 * The ETA's calendar day: a plain date or a midnight-UTC timestamp (a picked day) is that day wherever the
 * reader is; any other timestamp, its local day.
 */
function etaDay(eta: string): string | undefined {
  const parsed = new Date(eta);
  if (Number.isNaN(parsed.getTime())) return undefined;
  return calendarDayOf(eta) ?? localDay(parsed);
}

/**
 * Compares the ETA with today by the reader's calendar day. Only an open receive that has not arrived in full
 * can be overdue; once finalized, canceled or complete the ETA no longer matters ("settled").
 */
export function etaStanding(eta: string | null | undefined, now: Date, stillExpected: boolean): EtaStanding {
  const day = eta ? etaDay(eta) : undefined;
  if (!day) return 'none';
  if (!stillExpected) return 'settled';
  const today = localDay(now);
  if (day < today) return 'overdue';
  return day === today ? 'today' : 'upcoming';
}

/** Whole calendar days between the ETA and today (positive when the ETA has passed). */
export function daysPastEta(eta: string, now: Date): number {
  const day = 24 * 60 * 60 * 1000;
  // Both days read as UTC midnights, so a daylight-saving change in between cannot skew the count.
  const etaMidnight = Date.parse(`${etaDay(eta)}T00:00:00Z`);
  const todayMidnight = Date.parse(`${localDay(now)}T00:00:00Z`);
  return Math.round((todayMidnight - etaMidnight) / day);
}
