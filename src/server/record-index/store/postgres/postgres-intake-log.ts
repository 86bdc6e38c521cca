import type pg from 'pg';
import { intakeRow, intakesToPrune } from '../intake-log';
import type { IntakeEntry } from '../record-store-port';

/** Logs one webhook intake inside the caller's transaction, as intake-log.ts does for SQLite. */
export async function logIntake(client: pg.PoolClient, atMs: number, entry: IntakeEntry): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO webhook_intake (at_ms, outcome, kind, reference, reason, bytes, excerpt)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [...intakeRow(atMs, entry)],
  );
  await client.query(
    `INSERT INTO intake_counts (outcome, count) VALUES ($1, 1)
     ON CONFLICT (outcome) DO UPDATE SET count = intake_counts.count + 1`,
    [entry.outcome],
  );
  const pruneUpTo = intakesToPrune(Number(rows[0]?.id));
  if (pruneUpTo !== null) await client.query('DELETE FROM webhook_intake WHERE id <= $1', [pruneUpTo]);
}
