/** Where an ETA stands against today, for a receive that is still expected. */
export type EtaStanding = 'none' | 'overdue' | 'today' | 'upcoming' | 'settled';

/** Calendar day of a date or timestamp in UTC; dates without a time are read as that day. */
function utcDay(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/**
 * Compares the ETA with today by calendar day (UTC). Only an open receive that has not arrived in full can
 * be overdue; once finalized, canceled or complete the ETA no longer matters ("settled").
 */
export function etaStanding(eta: string | null | undefined, now: Date, stillExpected: boolean): EtaStanding {
  if (!eta) return 'none';
  const parsed = new Date(eta);
  if (Number.isNaN(parsed.getTime())) return 'none';
  if (!stillExpected) return 'settled';
  const etaDay = utcDay(parsed);
  const today = utcDay(now);
  if (etaDay < today) return 'overdue';
  return etaDay === today ? 'today' : 'upcoming';
}

/** Whole days between the ETA and today (positive when the ETA has passed). */
export function daysPastEta(eta: string, now: Date): number {
  const day = 24 * 60 * 60 * 1000;
  const etaDay = Date.parse(`${utcDay(new Date(eta))}T00:00:00Z`);
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  return Math.round((today - etaDay) / day);
}
