import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import type { IntakeEntry, IntakeOutcome, IntakeSummary } from './record-store-port';
import { writeTransaction } from './write-transaction';

/** How many recent webhook intakes are kept (counts are kept for all time). */
const keptIntakes = 10_000;

/** An intake as its log row keeps it (at_ms, outcome, kind, reference, reason, bytes, excerpt): long texts cut. */
export const intakeRow = (atMs: number, entry: IntakeEntry) =>
  [
    atMs,
    entry.outcome,
    entry.kind ?? null,
    entry.reference?.slice(0, 200) ?? null,
    entry.reason?.slice(0, 500) ?? null,
    entry.bytes,
    entry.excerpt?.slice(0, 2000) ?? null,
  ] as const;

/** After the intake logged with `id`, the newest id to delete (every 500 intakes), else null. */
export const intakesToPrune = (id: number) => (id % 500 === 0 ? id - keptIntakes : null);

/** The log of webhook intake: recent deliveries, counts of every outcome, and the latest rejections. */
export function intakeLog(db: ConsoleDatabase, now: () => number) {
  const statements = {
    insertIntake: db.prepare(
      'INSERT INTO webhook_intake (at_ms, outcome, kind, reference, reason, bytes, excerpt) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    pruneIntake: db.prepare<[number]>('DELETE FROM webhook_intake WHERE id <= ?'),
    countIntake: db.prepare<[string]>(
      'INSERT INTO intake_counts (outcome, count) VALUES (?, 1) ON CONFLICT (outcome) DO UPDATE SET count = count + 1',
    ),
    intakeCounts: db.prepare<[], { outcome: IntakeOutcome; count: number }>('SELECT * FROM intake_counts'),
    recentRejections: db.prepare<
      [number],
      { at_ms: number; reason: string; bytes: number; excerpt: string | null }
    >(
      "SELECT at_ms, reason, bytes, excerpt FROM webhook_intake WHERE outcome = 'rejected' ORDER BY id DESC LIMIT ?",
    ),
    lastIntake: db.prepare<[], { at_ms: number }>(
      'SELECT at_ms FROM webhook_intake ORDER BY id DESC LIMIT 1',
    ),
  };

  /** Logs one intake: the entry, its count and the occasional pruning; its callers make it a transaction. */
  function logIntake(entry: IntakeEntry): void {
    const { lastInsertRowid } = statements.insertIntake.run(...intakeRow(now(), entry));
    statements.countIntake.run(entry.outcome);
    const pruneUpTo = intakesToPrune(Number(lastInsertRowid));
    if (pruneUpTo !== null) statements.pruneIntake.run(pruneUpTo);
  }

  /** One commit for the log entry, its count and the occasional pruning, not one for each. */
  const recordIntake = writeTransaction(db, logIntake);

  function intakeSummary(): IntakeSummary {
    const counts = { stored: 0, duplicate: 0, stale: 0, rejected: 0 };
    for (const { outcome, count } of statements.intakeCounts.all()) counts[outcome] = count;
    return {
      received: counts.stored + counts.duplicate + counts.stale + counts.rejected,
      ...counts,
      lastReceivedAt: statements.lastIntake.get()?.at_ms ?? null,
      recentRejections: statements.recentRejections.all(20).map((row) => ({
        at: new Date(row.at_ms).toISOString(),
        reason: row.reason,
        bytes: row.bytes,
        excerpt: row.excerpt,
      })),
    };
  }

  return { logIntake, recordIntake, intakeSummary };
}
