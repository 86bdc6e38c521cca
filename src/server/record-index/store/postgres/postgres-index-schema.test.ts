import { expect, it } from 'vitest';
import { openConsoleDatabase } from '../../../store/sqlite/console-db';
import { postgresPerTest } from '../../../testing/test-postgres-schema';

const { database, open } = postgresPerTest();

/** A table's columns on each engine, by name. */
async function columnsOf(table: string) {
  const sqlite = openConsoleDatabase(':memory:')
    .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
    .all(table)
    .map(({ name }) => name);
  const db = await open(await database());
  const { rows } = await db.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
    [table],
  );
  return { sqlite: sqlite.sort(), postgres: rows.map(({ column_name }) => column_name).sort() };
}

it.each(['record_changes', 'record_exact_values', 'sync_state', 'webhook_intake'])(
  'gives PostgreSQL the columns SQLite has in %s',
  async (table) => {
    const { sqlite, postgres } = await columnsOf(table);
    expect(sqlite.length).toBeGreaterThan(0);
    expect(postgres).toEqual(sqlite);
  },
);

it('gives PostgreSQL the columns SQLite has in intake_counts, and the console each count is kept for', async () => {
  const { sqlite, postgres } = await columnsOf('intake_counts');
  expect(postgres).toEqual([...sqlite, 'instance_id'].sort());
});

it('gives PostgreSQL the columns of SQLite’s records, and a table of search terms in place of its FTS5 table', async () => {
  const { sqlite, postgres } = await columnsOf('records');
  expect(postgres).toEqual(sqlite);
  expect((await columnsOf('record_terms')).postgres).toEqual(['org', 'record_id', 'terms']);
});

it('keeps one row per organization, family and reference', async () => {
  const db = await open(await database());
  const insert = (org: string, reference: string) =>
    db.query(
      `INSERT INTO records (org, family, reference, reference_key, kind, upstream_id, status, state, warehouse,
         updated_ms, title, short, over, announced, received, units_short, units_over, glance, source,
         indexed_ms, search_values, doc)
       VALUES ($1, 'order', $2, 'so1', 'order', 'id', 'ENT', 'entered', 'LAW', 0, '', 0, 0, 0, 0, 0, 0, '{}',
         'sync', 0, '[]', '{}')`,
      [org, reference],
    );
  await insert('north', 'SO-1');
  await insert('south', 'SO-1');
  await insert('north', 'so-1');
  await expect(insert('north', 'SO-1')).rejects.toThrow(/duplicate key/);
});
