import { finishedOrderStates } from '../../../contract/index-lists';
import { trendDays, trendWeeks, type WorkTrends } from '../../../contract/work-queues';
import { receiveStateWords } from '../../../domain/record-states';
import type { ConsoleDatabase } from '../../store/sqlite/console-db';

export const dayMs = 86_400_000;
export const weekMs = 7 * dayMs;

/** Shipped orders of one day, counted. */
export type ShippedDay = { bucket: number; shipped: number; onTime: number };
/** Finalized receives of one week (its bucket: weeks ago), counted. */
export type FilledWeek = { bucket: number; receives: number; announced: number; received: number };

/** The states counted: shipped orders (canceled ones shipped nothing) and finalized receives. */
export const shippedStates = finishedOrderStates.filter((state) => state !== 'canceled');
export const receiveStates = Object.keys(receiveStateWords);

/**
 * The windows of the trends for the reader's day that began at `todayStartMs`: both end with that day;
 * a day's bucket counts from `dayFrom`, a week's back from `to`.
 */
export function trendWindows(todayStartMs: number) {
  const to = todayStartMs + dayMs;
  return { to, dayFrom: to - trendDays * dayMs, weekFrom: to - trendWeeks * weekMs };
}

/** The trends from the counts of the days and weeks that had any, every other one counted as none. */
export function trendsOf(days: ShippedDay[], weeks: FilledWeek[]): WorkTrends {
  const perDay = new Map(days.map((row) => [row.bucket, row]));
  const perWeek = new Map(weeks.map((row) => [row.bucket, row]));
  return {
    days: Array.from({ length: trendDays }, (_, bucket) => ({
      daysAgo: trendDays - 1 - bucket,
      shipped: perDay.get(bucket)?.shipped ?? 0,
      onTime: perDay.get(bucket)?.onTime ?? 0,
    })),
    weeks: Array.from({ length: trendWeeks }, (_, index) => {
      const weeksAgo = trendWeeks - 1 - index;
      const week = perWeek.get(weeksAgo);
      return {
        weeksAgo,
        receives: week?.receives ?? 0,
        announced: week?.announced ?? 0,
        received: week?.received ?? 0,
      };
    }),
  };
}

/**
 * The two trends of the work queues page, counted in the index (records_kind_state_finished: by state
 * and finish time, the ship-by date in the index itself) rather than read row by row: on-time shipping per
 * day, and how much of what receives announced arrived, per week they were finalized.
 */
export function workTrends(db: ConsoleDatabase, organization: string) {
  const shippedPerDay = db.prepare<Record<string, string | number>, ShippedDay>(
    `SELECT CAST((finished_ms - @from) / ${dayMs} AS INTEGER) AS bucket, count(*) AS shipped,
       -- A ship-by date is a calendar day: shipped by its end is on time; no date promised none.
       coalesce(sum(due_ms IS NULL OR finished_ms < due_ms + ${dayMs}), 0) AS onTime
     FROM records INDEXED BY records_kind_state_finished
     WHERE org = @org AND kind = 'order' AND state IN (SELECT value FROM json_each(@states))
       AND finished_ms >= @from AND finished_ms < @to
     GROUP BY bucket`,
  );
  const filledPerWeek = db.prepare<Record<string, string | number>, FilledWeek>(
    `SELECT CAST((@to - 1 - finished_ms) / ${weekMs} AS INTEGER) AS bucket, count(*) AS receives,
       coalesce(sum(announced), 0) AS announced, coalesce(sum(min(received, announced)), 0) AS received
     FROM records INDEXED BY records_kind_state_finished
     WHERE org = @org AND kind = 'receive' AND state IN (SELECT value FROM json_each(@states))
       AND finished_ms >= @from AND finished_ms < @to
     GROUP BY bucket`,
  );
  const shippedStatesJson = JSON.stringify(shippedStates);
  const receiveStatesJson = JSON.stringify(receiveStates);

  /** The trends up to the end of the reader's day that began at `todayStartMs`. */
  return (todayStartMs: number): WorkTrends => {
    const { to, dayFrom, weekFrom } = trendWindows(todayStartMs);
    return trendsOf(
      shippedPerDay.all({ org: organization, states: shippedStatesJson, from: dayFrom, to }),
      filledPerWeek.all({ org: organization, states: receiveStatesJson, from: weekFrom, to }),
    );
  };
}
