import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import type { RecordStore } from '../record-store-port';
import { dayMs, receiveStates, shippedStates, trendsOf, trendWindows, weekMs } from '../work-trends';

/**
 * The two trends of the work queues page on PostgreSQL, counted as work-trends.ts counts them in SQLite
 * (the same windows, buckets and rules): on-time shipping per day, and how much of what receives
 * announced arrived, per week they were finalized. Counts arrive as text (bigint) and are made numbers.
 */
export function postgresWorkTrends(db: PostgresDatabase, organization: string): RecordStore['trends'] {
  return async (todayStartMs) => {
    const { to, dayFrom, weekFrom } = trendWindows(todayStartMs);
    const [days, weeks] = await Promise.all([
      db.query<{ bucket: string; shipped: string; on_time: string }>(
        `SELECT (finished_ms - $3::bigint) / ${dayMs} AS bucket, count(*) AS shipped,
           -- A ship-by date is a calendar day: shipped by its end is on time; no date promised none.
           count(*) FILTER (WHERE due_ms IS NULL OR finished_ms < due_ms + ${dayMs}) AS on_time
         FROM records
         WHERE org = $1 AND kind = 'order' AND state = ANY($2::text[])
           AND finished_ms >= $3 AND finished_ms < $4
         GROUP BY bucket`,
        [organization, shippedStates, dayFrom, to],
      ),
      db.query<{ bucket: string; receives: string; announced: number; received: number }>(
        `SELECT ($4::bigint - 1 - finished_ms) / ${weekMs} AS bucket, count(*) AS receives,
           coalesce(sum(announced), 0) AS announced, coalesce(sum(least(received, announced)), 0) AS received
         FROM records
         WHERE org = $1 AND kind = 'receive' AND state = ANY($2::text[])
           AND finished_ms >= $3 AND finished_ms < $4
         GROUP BY bucket`,
        [organization, receiveStates, weekFrom, to],
      ),
    ]);
    return trendsOf(
      days.rows.map((row) => ({
        bucket: Number(row.bucket),
        shipped: Number(row.shipped),
        onTime: Number(row.on_time),
      })),
      weeks.rows.map((row) => ({
        bucket: Number(row.bucket),
        receives: Number(row.receives),
        announced: row.announced,
        received: row.received,
      })),
    );
  };
}
