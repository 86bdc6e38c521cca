import type pg from 'pg';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import { intakeRow, intakesToPrune } from '../intake-log';
import type { IntakeEntry, IntakeOutcome, IntakeSummary, RecordStore } from '../record-store-port';
import { inTransaction } from './postgres-transaction';

/** How many of the latest refusals the summary shows, as SQLite's does. */
const shownRejections = 20;

/**
 * Logs webhook intakes inside the caller's transaction, as intake-log.ts does for SQLite, counting them on
 * the rows of this console (`instanceId`): a count held by one row would make every console's intake
 * transaction wait for the others' commits.
 */
export async function logIntakes(
  client: pg.PoolClient,
  atMs: number,
  entries: IntakeEntry[],
  instanceId: string,
): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((entry) => intakeRow(atMs, entry));
  const column = (index: number) => rows.map((row) => row[index]);
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO webhook_intake (at_ms, outcome, kind, reference, reason, bytes, excerpt)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[])
     RETURNING id`,
    [0, 1, 2, 3, 4, 5, 6].map(column),
  );
  const counts = new Map<string, number>();
  for (const { outcome } of entries) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  await client.query(
    `INSERT INTO intake_counts (instance_id, outcome, count) SELECT $1, * FROM unnest($2::text[], $3::bigint[])
     ON CONFLICT (instance_id, outcome) DO UPDATE SET count = intake_counts.count + excluded.count`,
    [instanceId, [...counts.keys()], [...counts.values()]],
  );
  const pruneUpTo = Math.max(
    ...inserted.rows.map(({ id }) => intakesToPrune(Number(id)) ?? Number.NEGATIVE_INFINITY),
  );
  if (pruneUpTo > Number.NEGATIVE_INFINITY)
    await client.query('DELETE FROM webhook_intake WHERE id <= $1', [pruneUpTo]);
}

/**
 * The webhook intake log on PostgreSQL, as RecordStore's `recordIntake` and `intakeSummary`: this console
 * logs on its own count rows; the summary is the team's, every console's counts summed.
 */
export function postgresIntakeLog(
  db: PostgresDatabase,
  { instanceId, now = Date.now }: { instanceId: string; now?: () => number },
): Pick<RecordStore, 'recordIntake' | 'intakeSummary'> {
  return {
    recordIntake: (entry) => inTransaction(db, (client) => logIntakes(client, now(), [entry], instanceId)),

    async intakeSummary(): Promise<IntakeSummary> {
      const [counted, last, rejections] = await Promise.all([
        db.query<{ outcome: IntakeOutcome; count: string }>(
          'SELECT outcome, sum(count) AS count FROM intake_counts GROUP BY outcome',
        ),
        db.query<{ at_ms: string }>('SELECT at_ms FROM webhook_intake ORDER BY id DESC LIMIT 1'),
        db.query<{ at_ms: string; reason: string; bytes: number; excerpt: string | null }>(
          `SELECT at_ms, reason, bytes, excerpt FROM webhook_intake WHERE outcome = 'rejected'
           ORDER BY id DESC LIMIT $1`,
          [shownRejections],
        ),
      ]);
      const counts = { stored: 0, duplicate: 0, stale: 0, rejected: 0 };
      for (const { outcome, count } of counted.rows) counts[outcome] = Number(count);
      const lastAtMs = last.rows[0]?.at_ms;
      return {
        received: counts.stored + counts.duplicate + counts.stale + counts.rejected,
        ...counts,
        lastReceivedAt: lastAtMs === undefined ? null : Number(lastAtMs),
        recentRejections: rejections.rows.map((row) => ({
          at: new Date(Number(row.at_ms)).toISOString(),
          reason: row.reason,
          bytes: row.bytes,
          excerpt: row.excerpt,
        })),
      };
    },
  };
}
