import pg from 'pg';
import { createPartsTable } from '../record-index/store/postgres/postgres-held-records';
import { fillSpellingWords, rewriteAllTerms } from '../record-index/store/postgres/postgres-search-terms';
import { addPartyKeys, createStockTable } from '../record-index/store/postgres/postgres-stock';
import type { PostgresDatabase } from '../store/postgres/postgres-database';
import { sqlMigrations } from '../store/sql-migrations';

const sqlFiles = sqlMigrations(new URL('./postgres-migrations/', import.meta.url));

/** Migration `version`'s SQL: the file of `postgres-migrations/` numbered `version`. */
function sql(version: number): string {
  const text = sqlFiles.get(version);
  if (text === undefined)
    throw new Error(`PostgreSQL's migration ${version} is missing from postgres-migrations/`);
  return text;
}

/**
 * The console's schema on PostgreSQL, one entry per version: the SQL of `postgres-migrations/` (the file numbered
 * as its place here), or a function for what SQL cannot work out (a data upgrade); the `console_schema`
 * row records how many have run. Append only: a database in the field has run the earlier ones already.
 * The SQLite schema (store/sqlite/console-db.ts) has its own list; the two meet in the store contract tests,
 * not in shared SQL.
 */
const migrations: (string | ((client: pg.PoolClient) => Promise<void>))[] = [
  sql(1), // postgres-migrations/0001-accounts-sessions.sql
  sql(2), // postgres-migrations/0002-audit-log.sql
  sql(3), // postgres-migrations/0003-attempt-windows.sql
  sql(4), // postgres-migrations/0004-record-index.sql
  sql(5), // postgres-migrations/0005-sync-leader.sql
  sql(6), // postgres-migrations/0006-intake-counts.sql
  sql(7), // postgres-migrations/0007-list-indexes.sql
  // Search terms with prefixes, ranking groups and buckets of ids (postgres-search-terms.ts), worked out
  // again from each record's stored search values.
  rewriteAllTerms('records'),
  // The same, now with the blocks of 4, 16 and 64 buckets each record is in.
  rewriteAllTerms('records'),
  // The terms in a table of their own, written only when a record's search values change: in the records
  // table, every update (its time is in a list's index, so none is a HOT update) put all of a record's
  // 200-odd terms into GIN again, two thirds of an update's cost. Its pending list is merged by the
  // consoles off the writers' path (postgres-terms-merge.ts): the limit is a safety valve. Worked out
  // again on the way, and safe to run again (its test does).
  async (client) => {
    await client.query(`
      CREATE TABLE IF NOT EXISTS record_terms (
        record_id bigint PRIMARY KEY REFERENCES records (id) ON DELETE CASCADE,
        org text NOT NULL,
        terms tsvector NOT NULL
      );
      ALTER TABLE records DROP COLUMN IF EXISTS terms;
      DROP INDEX IF EXISTS record_terms_terms;
    `);
    await rewriteAllTerms('record_terms')(client);
    await client.query(
      'CREATE INDEX record_terms_terms ON record_terms USING gin (terms) WITH (gin_pending_list_limit = 16384)',
    );
  },
  // The words of names, organizations and emails, for reading a typo as the word it was meant to be
  // (close-spellings.ts): written with the record, filled here from the search values of the records held.
  fillSpellingWords,
  // Each lot and serial number a record's sublines hold, with what a trace shows of it (record-parts.ts): a
  // trace reads these rows, never a document. Written with each version, filled here for those held.
  createPartsTable,
  // The same rows written again: their entries now hold the postal address, which the recall list gives.
  createPartsTable,
  sql(14), // postgres-migrations/0014-receive-unit-costs.sql
  sql(15), // postgres-migrations/0015-side-tables-unchecked-lz4.sql
  // What each record moves in and out of stock, by product, warehouse and lot (stock-movements.ts): written
  // with each version, filled here for the records held.
  createStockTable,
  // Customers and suppliers looked up by exact keys (parties.ts): written with each record, added here.
  addPartyKeys,
];

for (const version of sqlFiles.keys()) {
  if (typeof migrations[version - 1] !== 'string')
    throw new Error(`postgres-migrations/ has a file numbered ${version}, which the list does not run`);
}

/** The schema version this code writes: how many migrations it knows. */
export const postgresSchemaVersion = migrations.length;

/** Any fixed number: consoles starting together on one database take turns at the migrations. */
const migrationLock = 0x636f6e73;

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // A transaction-scoped lock: released by the commit or the rollback, whatever happens to this code.
    await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLock]);
    await client.query('CREATE TABLE IF NOT EXISTS console_schema (version integer NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM console_schema');
    const applied = rows[0]?.version ?? 0;
    if (applied > migrations.length) {
      throw new Error(
        `The console database was written by a newer version of the console (schema ${applied}, this one knows ${migrations.length}): run that version, or restore a backup taken before the upgrade`,
      );
    }
    for (let version = applied; version < migrations.length; version++) {
      const migration = migrations[version] as string | ((client: pg.PoolClient) => Promise<void>);
      if (typeof migration === 'string') await client.query(migration);
      else await migration(client);
    }
    if (rows.length === 0) await client.query('INSERT INTO console_schema VALUES ($1)', [migrations.length]);
    else await client.query('UPDATE console_schema SET version = $1', [migrations.length]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Opens a pool on `url` (`CONSOLE_DATABASE_URL`; its `options=-c search_path=…` chooses a schema) and brings
 * the schema up to date, or refuses one newer than this code.
 */
export async function openPostgresDatabase(url: string): Promise<PostgresDatabase> {
  // A database that stops answering fails a request (and /readyz) in seconds instead of holding it.
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 5_000, query_timeout: 10_000 });
  // An idle connection the server drops is replaced at the next query; unheard, the error would end the process.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}
