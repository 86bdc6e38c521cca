import type pg from 'pg';
import type { IntakeOutcome } from '../intake-log';

/** How many recent webhook intakes are kept (counts are kept for all time), as intake-log.ts keeps them. */
const keptIntakes = 10_000;

export type IntakeEntry = {
  outcome: IntakeOutcome;
  kind?: string;
  reference?: string;
  reason?: string;
  bytes: number;
  excerpt?: string;
};

/** Logs one webhook intake inside the caller's transaction: the entry, its count, the occasional pruning. */
export async function logIntake(client: pg.PoolClient, atMs: number, entry: IntakeEntry): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO webhook_intake (at_ms, outcome, kind, reference, reason, bytes, excerpt)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      atMs,
      entry.outcome,
      entry.kind ?? null,
      entry.reference?.slice(0, 200) ?? null,
      entry.reason?.slice(0, 500) ?? null,
      entry.bytes,
      entry.excerpt?.slice(0, 2000) ?? null,
    ],
  );
  await client.query(
    `INSERT INTO intake_counts (outcome, count) VALUES ($1, 1)
     ON CONFLICT (outcome) DO UPDATE SET count = intake_counts.count + 1`,
    [entry.outcome],
  );
  const id = Number(rows[0]?.id);
  if (id % 500 === 0) await client.query('DELETE FROM webhook_intake WHERE id <= $1', [id - keptIntakes]);
}
