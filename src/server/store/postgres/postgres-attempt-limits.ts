import type { AttemptLimitStore } from '../attempt-limits';
import type { PostgresDatabase } from './postgres-database';

/**
 * One statement takes an attempt: it starts the key's window, restarts an expired one, or counts one more
 * while under the limit, under the row's lock (ON CONFLICT waits for a concurrent insert of the same key and
 * then updates its row), so no two consoles can both take the last attempt. When the WHERE refuses the
 * update, no row comes back from `taken`, and the window's start says how long to wait.
 * $1 scope, $2 key, $3 now, $4 window, $5 limit.
 */
const takeAttempt = `
  WITH taken AS (
    INSERT INTO attempt_windows AS w (scope, key, started_ms, count) VALUES ($1, $2, $3, 1)
    ON CONFLICT (scope, key) DO UPDATE SET
      started_ms = CASE WHEN w.started_ms <= $3 - $4 THEN $3 ELSE w.started_ms END,
      count = CASE WHEN w.started_ms <= $3 - $4 THEN 1 ELSE w.count + 1 END
    WHERE w.started_ms <= $3 - $4 OR w.count < $5
    RETURNING started_ms
  )
  SELECT true AS taken, started_ms FROM taken
  UNION ALL
  SELECT false, started_ms FROM attempt_windows
  WHERE scope = $1 AND key = $2 AND NOT EXISTS (SELECT FROM taken)`;

/**
 * Attempts counted in PostgreSQL, shared by every console on the database: the limits hold for the whole
 * deployment, not per instance. Windows are timed by each console's clock (a few seconds apart matter little
 * against windows of minutes). Every `pruneEvery` attempts of a rule, its expired windows are deleted.
 */
export function createPostgresAttemptLimits(
  db: PostgresDatabase,
  { now = Date.now, pruneEvery = 1000 }: { now?: () => number; pruneEvery?: number } = {},
): AttemptLimitStore {
  return ({ scope, limit, windowMs }) => {
    let attempts = 0;
    return {
      async take(key) {
        const at = now();
        if (++attempts % pruneEvery === 0)
          await db.query('DELETE FROM attempt_windows WHERE scope = $1 AND started_ms <= $2', [
            scope,
            at - windowMs,
          ]);
        const { rows } = await db.query<{ taken: boolean; started_ms: string }>(takeAttempt, [
          scope,
          key,
          at,
          windowMs,
          limit,
        ]);
        const row = rows[0];
        if (row?.taken) return 0;
        // The row may be one committed after this statement began, which it cannot read: a whole window then.
        const waitMs = row ? Number(row.started_ms) + windowMs - at : windowMs;
        return waitMs > 0 ? waitMs : windowMs;
      },
      async waitMs(key) {
        const at = now();
        const { rows } = await db.query<{ started_ms: string }>(
          'SELECT started_ms FROM attempt_windows WHERE scope = $1 AND key = $2 AND count >= $3 AND started_ms > $4',
          [scope, key, limit, at - windowMs],
        );
        return rows[0] ? Number(rows[0].started_ms) + windowMs - at : 0;
      },
      async giveBack(key) {
        await db.query(
          `UPDATE attempt_windows SET count = count - 1
           WHERE scope = $1 AND key = $2 AND count > 0 AND started_ms > $3`,
          [scope, key, now() - windowMs],
        );
      },
      async clear(key) {
        await db.query('DELETE FROM attempt_windows WHERE scope = $1 AND key = $2', [scope, key]);
      },
    };
  };
}
