/** The times a record's dates say, as the index reads them (ms; null when it has none). */
type RecordTimes = { family: string; updatedMs: number; createdMs: number | null; dueMs: number | null };

/**
 * How far ahead of the console's clock a record may say it was created or last changed: a clock a little
 * fast, not a version dated in the year 275760 that no later version could ever replace.
 */
const changedHorizonMs = 366 * 24 * 60 * 60_000;
/** The last moment any date of a record may name: 9999-12-31, the last ISO 8601 writes in four digits. */
const lastDateMs = Date.parse('9999-12-31T23:59:59Z');

/** Why a record's dates cannot be indexed, or null when they can. */
export function refusedDates(indexed: RecordTimes, nowMs: number): string | null {
  for (const [member, ms] of [
    ['dateLastUpdated', indexed.updatedMs],
    ['dateCreated', indexed.createdMs],
  ] as const)
    if (ms !== null && ms > nowMs + changedHorizonMs)
      return `${member} is more than a year ahead of the console's clock (${new Date(Math.min(ms, lastDateMs)).getUTCFullYear()}${ms > lastDateMs ? ' or later' : ''}): not a time a record was changed`;
  if (indexed.dueMs !== null && indexed.dueMs > lastDateMs)
    return `${indexed.family === 'order' ? 'requiredShipDate' : 'eta'} is after the year 9999`;
  return null;
}
