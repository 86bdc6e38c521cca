import pg from 'pg';
import { createPartsTable } from '../../record-index/store/postgres/postgres-held-records';
import { fillSpellingWords, rewriteAllTerms } from '../../record-index/store/postgres/postgres-search-terms';

export type PostgresDatabase = pg.Pool;

/**
 * The console's schema on PostgreSQL, one entry per version (SQL, or a function for what SQL cannot work
 * out); the `console_schema` row records how many have run. Append only: a database in the field has run the earlier ones already. The SQLite schema
 * (console-db.ts) has its own list; the two meet in the store contract tests, not in shared SQL.
 */
const migrations: (string | ((client: pg.PoolClient) => Promise<void>))[] = [
  // Accounts and sessions. Names are unique whatever their case, as SQLite's NOCASE makes them there.
  `
  CREATE TABLE users (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL,
    role text NOT NULL,
    password_hash text,
    created_ms bigint NOT NULL
  );
  CREATE UNIQUE INDEX users_name ON users (lower(name));
  CREATE TABLE sessions (
    token_hash text PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_ms bigint NOT NULL,
    expires_ms bigint NOT NULL
  );
  CREATE INDEX sessions_expiry ON sessions (expires_ms);
  CREATE INDEX sessions_user ON sessions (user_id);
  `,
  // The audit log (the table keeps its earlier name): who changed what through the console, who was refused.
  `
  CREATE TABLE activity (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at_ms bigint NOT NULL,
    person text NOT NULL,
    role text NOT NULL,
    action text NOT NULL,
    target text NOT NULL,
    status integer NOT NULL
  );
  `,
  // Sign-in and rate limits: one fixed window per kind of attempt and key, shared by every console.
  `
  CREATE TABLE attempt_windows (
    scope text NOT NULL,
    key text NOT NULL,
    started_ms bigint NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX attempt_windows_start ON attempt_windows (scope, started_ms);
  `,
  // The index of the warehouse's records (src/server/record-index/store/postgres/), with the columns of
  // SQLite's records table. `terms` holds a record's search terms, nothing stemmed or split (laid out as
  // postgres-search-terms.ts says since the migration that works them out again). The change log's seq is taken at the end of its transaction, in commit
  // order (see postgres-change-log.ts). The indexes lists filter by come with the lists.
  `
  CREATE TABLE records (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    org text NOT NULL,
    family text NOT NULL,
    reference text NOT NULL,
    reference_key text NOT NULL,
    kind text NOT NULL,
    upstream_id text NOT NULL,
    status text NOT NULL,
    state text NOT NULL,
    warehouse text NOT NULL,
    due_ms bigint,
    updated_ms bigint NOT NULL,
    finished_ms bigint,
    title text NOT NULL,
    short integer NOT NULL,
    over integer NOT NULL,
    announced double precision NOT NULL,
    received double precision NOT NULL,
    units_short double precision NOT NULL,
    units_over double precision NOT NULL,
    created_ms bigint,
    glance text NOT NULL,
    refundable double precision,
    source text NOT NULL,
    indexed_ms bigint NOT NULL,
    search_values text NOT NULL,
    doc text NOT NULL,
    terms tsvector NOT NULL,
    UNIQUE (org, family, reference)
  );
  CREATE INDEX records_reference_key ON records (org, reference_key);
  CREATE INDEX records_terms ON records USING gin (terms);
  CREATE TABLE record_exact_values (
    value text NOT NULL,
    record_id bigint NOT NULL REFERENCES records (id) ON DELETE CASCADE,
    PRIMARY KEY (value, record_id)
  );
  CREATE INDEX record_exact_values_record ON record_exact_values (record_id);
  CREATE TABLE record_changes (
    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    record_id bigint NOT NULL,
    org text NOT NULL,
    kind text NOT NULL,
    reference text NOT NULL,
    at_ms bigint NOT NULL,
    source text NOT NULL,
    updated_ms bigint NOT NULL,
    status_before text,
    status text NOT NULL,
    state_before text,
    state text NOT NULL,
    changed text NOT NULL,
    person text,
    details text
  );
  CREATE INDEX record_changes_record ON record_changes (record_id, seq);
  CREATE INDEX record_changes_org ON record_changes (org, seq);
  CREATE TABLE webhook_intake (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at_ms bigint NOT NULL,
    outcome text NOT NULL,
    kind text,
    reference text,
    reason text,
    bytes integer NOT NULL,
    excerpt text
  );
  CREATE TABLE intake_counts (outcome text PRIMARY KEY, count bigint NOT NULL);
  CREATE TABLE sync_state (name text PRIMARY KEY, value text NOT NULL);
  `,
  // Which console leads the sync, written by the holder of its advisory lock for the status page; the
  // backend's pid tells whether the holder's connection still lives (postgres-sync-leader.ts).
  `
  CREATE TABLE sync_leader (
    name text PRIMARY KEY,
    instance_id text NOT NULL,
    since_ms bigint NOT NULL,
    backend_pid integer NOT NULL
  );
  `,
  // The intake's counts, one row per console and outcome (postgres-intake-log.ts): consoles taking webhooks
  // at once each add to their own row instead of queuing on one. Counts kept before stay, under ''.
  `
  ALTER TABLE intake_counts ADD COLUMN instance_id text NOT NULL DEFAULT '';
  ALTER TABLE intake_counts ALTER COLUMN instance_id DROP DEFAULT;
  ALTER TABLE intake_counts DROP CONSTRAINT intake_counts_pkey;
  ALTER TABLE intake_counts ADD PRIMARY KEY (instance_id, outcome);
  `,
  // The index's lists (postgres-list-queries.ts). References and states sort in byte order, as SQLite
  // sorts them, whatever the database's locale. Each sort's keyset ends in the id, so a page at any depth
  // is a seek in one of these indexes; a filter by state, status or warehouse reads its own in time order,
  // late orders and overdue receives are found by state and due date, and short or over receives in a
  // partial index.
  `
  ALTER TABLE records ALTER COLUMN reference TYPE text COLLATE "C", ALTER COLUMN state TYPE text COLLATE "C";
  CREATE INDEX records_list_updated ON records (org, kind, updated_ms, id);
  CREATE INDEX records_list_due ON records (org, kind, due_ms, id);
  CREATE INDEX records_list_reference ON records (org, kind, reference, id);
  CREATE INDEX records_list_state ON records (org, kind, state, updated_ms, id);
  CREATE INDEX records_list_received ON records (org, kind, received, id);
  CREATE INDEX records_list_status ON records (org, kind, status, updated_ms, id);
  CREATE INDEX records_list_warehouse ON records (org, kind, warehouse, updated_ms, id);
  CREATE INDEX records_list_state_due ON records (org, kind, state, due_ms, id);
  CREATE INDEX records_list_state_finished ON records (org, kind, state, finished_ms, id);
  CREATE INDEX records_list_discrepancy ON records (org, kind, updated_ms, id) WHERE short = 1 OR over = 1;
  `,
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
  // What a unit of a receive's line cost from the supplier, entered on the receive for its claim packet
  // (unit-costs.ts): the console's own, beside the index, kept whatever versions of the receive come. Safe
  // to run again, as the tests that take a schema back do.
  `
  CREATE TABLE IF NOT EXISTS receive_unit_costs (
    org text NOT NULL,
    reference text NOT NULL,
    line text NOT NULL,
    product_code text NOT NULL,
    unit_cost double precision NOT NULL,
    currency text NOT NULL,
    entered_by text NOT NULL,
    entered_ms bigint NOT NULL,
    PRIMARY KEY (org, reference, line, product_code)
  );
  `,
];

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
