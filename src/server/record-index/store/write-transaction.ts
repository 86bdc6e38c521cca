import type { ConsoleDatabase } from '../../store/sqlite/console-db';

/**
 * A transaction that takes the write lock as it begins (BEGIN IMMEDIATE). The webhook intake writes over
 * a connection of its own: a transaction that read first and then wrote would fail at once with
 * SQLITE_BUSY had the other connection committed in between, where this one waits its turn.
 */
export function writeTransaction<A extends unknown[], R>(
  db: ConsoleDatabase,
  run: (...args: A) => R,
): (...args: A) => R {
  const transaction = db.transaction(run);
  return (...args) => transaction.immediate(...args);
}
