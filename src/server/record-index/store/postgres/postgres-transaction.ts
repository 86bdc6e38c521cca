import type pg from 'pg';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';

/**
 * PostgreSQL ends one of two transactions that wait on each other's row locks (deadlock, 40P01: two
 * batches that lock the same records in different orders) or that a serializable read found in conflict
 * (40001); run again, the other has committed and this one decides against what it wrote.
 */
const retriedCodes = new Set(['40P01', '40001']);
const maxAttempts = 3;
/** A run that asks to run again (`runAgain`: it made progress, as what it waited for is committed) is not counted, up to this. */
const maxRunsAgain = 100;

const codeOf = (error: unknown) =>
  error !== null && typeof error === 'object' && 'code' in error ? String(error.code) : '';
const asksToRunAgain = (error: unknown) =>
  error !== null && typeof error === 'object' && 'runAgain' in error && error.runAgain === true;

/**
 * Runs `run` in a transaction on a client of its own and commits it; rolls back and throws what `run`
 * threw, after running it again where PostgreSQL asks (see retriedCodes) or `run` does. `run` must be safe to repeat:
 * it keeps nothing of an attempt that rolled back.
 */
export async function inTransaction<R>(
  db: PostgresDatabase,
  run: (client: pg.PoolClient) => Promise<R>,
): Promise<R> {
  const client = await db.connect();
  let broken: Error | undefined;
  try {
    let runsAgain = 0;
    for (let attempt = 1; ; attempt++) {
      await client.query('BEGIN');
      try {
        const result = await run(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackFailed: Error) => {
          broken = rollbackFailed;
        });
        if (broken) throw error;
        if (asksToRunAgain(error) && runsAgain < maxRunsAgain) {
          runsAgain += 1;
          attempt -= 1;
          continue;
        }
        if (attempt >= maxAttempts || !retriedCodes.has(codeOf(error))) throw error;
      }
    }
  } finally {
    // A connection that could not even roll back is closed rather than handed to the next caller.
    client.release(broken);
  }
}
