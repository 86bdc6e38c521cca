import type pg from 'pg';
import { compactForm } from '../../../../domain/search-text';
import type { HeldPart } from '../../../../domain/part-trace';
import type { StockMovement } from '../../../../domain/stock-movements';
import {
  type IndexedDocument,
  type IndexedVersion,
  isUnreadable,
  type RecordFamily,
  readWarehouseDocument,
} from '../../records/indexed-document';
import type { IndexSource, RecordRow } from '../../records/indexed-record';
import { spellingWordsOf } from '../../search/close-spellings';
import { exactKeysOf, type IndexedValue } from '../../search/search-terms';
import { partRowsOf } from '../record-parts';
import { recordColumns, toRecordRow } from './postgres-record-row';
import { termsOf } from './postgres-search-terms';
import { writeStock } from './postgres-stock';

/** A record of a batch as its versions are decided: the row held before, and the row it is now. */
export type Held = {
  family: RecordFamily;
  reference: string;
  before: RecordRow | undefined;
  now: RecordRow | undefined;
  /** The search values of the newest version whose values changed, to index; null while unchanged. */
  indexed: IndexedValue[] | null;
  /** The lots and serial numbers of the newest version stored; null while none was. */
  parts: HeldPart[] | null;
  /** What the newest version stored moves in and out of stock; null while none was. */
  stock: StockMovement[] | null;
};

/** The columns a version sets, with their array types for `unnest`, in the order of `rowValues`. */
const written = [
  ['reference_key', 'text'],
  ['kind', 'text'],
  ['upstream_id', 'text'],
  ['status', 'text'],
  ['state', 'text'],
  ['warehouse', 'text'],
  ['due_ms', 'bigint'],
  ['updated_ms', 'bigint'],
  ['finished_ms', 'bigint'],
  ['title', 'text'],
  ['short', 'int'],
  ['over', 'int'],
  ['announced', 'float8'],
  ['received', 'float8'],
  ['units_short', 'float8'],
  ['units_over', 'float8'],
  ['created_ms', 'bigint'],
  ['glance', 'text'],
  ['source', 'text'],
  ['indexed_ms', 'bigint'],
  ['search_values', 'text'],
  ['doc', 'text'],
] as const;
const writtenNames = written.map(([name]) => name).join(', ');
const unnested = (first: number) =>
  `unnest(${written.map(([, type], index) => `$${first + index}::${type}[]`).join(', ')})`;

const insertRecords = `INSERT INTO records (id, org, family, reference, ${writtenNames}) OVERRIDING SYSTEM VALUE
  SELECT id, $1, family, reference, ${writtenNames}
  FROM unnest($2::bigint[], $3::text[], $4::text[]) WITH ORDINALITY AS k (id, family, reference, n)
  JOIN ${unnested(5)} WITH ORDINALITY AS v (${writtenNames}, n) USING (n)
  ORDER BY n
  ON CONFLICT (org, family, reference) DO NOTHING`;
const writeTerms = `INSERT INTO record_terms (record_id, org, terms)
  SELECT id, $1, terms::tsvector FROM unnest($2::bigint[], $3::text[]) AS v (id, terms)
  ON CONFLICT (record_id) DO UPDATE SET terms = excluded.terms`;
const drawIds = `SELECT nextval(pg_get_serial_sequence('records', 'id')) AS id FROM generate_series(1, $1)`;
const updateRecords = `UPDATE records AS r SET ${written.map(([name]) => `${name} = v.${name}`).join(', ')}
  FROM unnest($1::bigint[]) WITH ORDINALITY AS k (id, n)
  JOIN ${unnested(2)} WITH ORDINALITY AS v (${writtenNames}, n) USING (n)
  WHERE r.id = k.id`;

/** A record's row as a version stored makes it (its id, for a record new to the index, once inserted). */
export function rowOf(
  held: Held,
  incoming: IndexedDocument | IndexedVersion,
  text: string,
  source: IndexSource,
  searchValues: string,
  indexedMs: number,
): RecordRow {
  return {
    id: held.before?.id ?? 0,
    family: held.family,
    reference: held.reference,
    kind: incoming.kind,
    upstream_id: incoming.id,
    status: incoming.status,
    state: incoming.state,
    warehouse: incoming.warehouse,
    due_ms: incoming.dueMs,
    updated_ms: incoming.updatedMs,
    finished_ms: incoming.finishedMs,
    title: incoming.title,
    short: incoming.short ? 1 : 0,
    over: incoming.over ? 1 : 0,
    announced: incoming.announced,
    received: incoming.received,
    units_short: incoming.unitsShort,
    units_over: incoming.unitsOver,
    created_ms: incoming.createdMs,
    glance: JSON.stringify(incoming.glance),
    source,
    indexed_ms: indexedMs,
    search_values: searchValues,
    doc: text,
  };
}

/** The columns of `written` of held records, one array each, for `unnest`. */
function columnsOf(records: Held[]): unknown[][] {
  const rows = records.map(({ now }) => {
    const row = now as RecordRow;
    return [compactForm(row.reference), ...written.slice(1).map(([name]) => row[name as keyof RecordRow])];
  });
  return written.map((_, index) => rows.map((row) => row[index]));
}

/**
 * Thrown to run a transaction again (postgres-transaction.ts): another console inserted a record first. The
 * run again reads what that console committed, so it is not counted against the attempts.
 */
const insertedMeanwhile = () =>
  Object.assign(new Error('another console stored a new record at the same moment'), { runAgain: true });

/**
 * Locks on records not held yet, taken in one order by every console before it inserts them (in the order
 * they came, so that ids follow arrival as SQLite's do): two consoles inserting the same new records wait
 * for each other instead of deadlocking.
 */
const lockNewRecords = `SELECT pg_advisory_xact_lock(hashtextextended($1 || chr(1) || family || chr(1) || reference, 0))
  FROM (SELECT * FROM unnest($2::text[], $3::text[]) AS k (family, reference) ORDER BY family, reference) AS sorted`;

/** The records a batch names, locked in one order (family, reference) whatever console takes them. */
export async function lockHeld(
  client: pg.PoolClient,
  organization: string,
  versions: { family: RecordFamily; reference: string }[],
): Promise<Map<string, Held>> {
  const held = new Map<string, Held>();
  for (const { family, reference } of versions)
    held.set(`${family}\u0000${reference}`, {
      family,
      reference,
      before: undefined,
      now: undefined,
      indexed: null,
      parts: null,
      stock: null,
    });
  const keys = [...held.values()];
  const { rows } = await client.query(
    `SELECT ${recordColumns} FROM records
     WHERE org = $1 AND (family, reference) IN (SELECT * FROM unnest($2::text[], $3::text[]))
     ORDER BY family, reference FOR UPDATE`,
    [organization, keys.map((key) => key.family), keys.map((key) => key.reference)],
  );
  for (const found of rows) {
    const row = toRecordRow(found);
    const record = held.get(`${row.family}\u0000${row.reference}`);
    if (record) {
      record.before = row;
      record.now = row;
    }
  }
  return held;
}

/** A held record's id: once inserted, for a record new to the index. */
export const idOf = (record: Held) => (record.now as RecordRow).id;

/**
 * Writes the records a batch stored, a statement for all of a kind whatever their number: the rows of
 * those held before updated, the new ones inserted, and the terms and exact keys of those whose search
 * values changed.
 */
export async function writeHeld(client: pg.PoolClient, organization: string, changed: Held[]): Promise<void> {
  const kept = changed.filter((record) => record.before);
  if (kept.length > 0)
    await client.query(updateRecords, [kept.map((record) => record.before?.id), ...columnsOf(kept)]);
  const added = changed.filter((record) => !record.before);
  if (added.length > 0) {
    const keys = [added.map((record) => record.family), added.map((record) => record.reference)];
    await client.query(lockNewRecords, [organization, ...keys]);
    // Ids drawn before the insert, in the order the records came: their search terms name their bucket.
    const drawn = await client.query<{ id: string }>(drawIds, [added.length]);
    const ids = drawn.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    added.forEach((record, index) => {
      (record.now as RecordRow).id = ids[index] as number;
    });
    const inserted = await client.query(insertRecords, [organization, ids, ...keys, ...columnsOf(added)]);
    // Its insert waited for the other console's commit: decide again against what that one stored.
    if (inserted.rowCount !== added.length) throw insertedMeanwhile();
  }
  await writeParts(client, changed);
  await writeStock(client, organization, changed);
  const reindexed = changed.filter((record) => record.indexed);
  if (reindexed.some((record) => record.before))
    await client.query('DELETE FROM record_exact_values WHERE record_id = ANY($1::bigint[])', [
      reindexed.filter((record) => record.before).map(idOf),
    ]);
  if (reindexed.length > 0)
    await client.query(writeTerms, [
      organization,
      reindexed.map(idOf),
      reindexed.map((record) => termsOf(record.indexed as IndexedValue[], idOf(record))),
    ]);
  const exact = reindexed.flatMap((record) =>
    exactKeysOf(record.indexed as IndexedValue[]).map((value) => [value, idOf(record)] as const),
  );
  if (exact.length > 0)
    await client.query(
      'INSERT INTO record_exact_values (value, record_id) SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT DO NOTHING',
      [exact.map(([value]) => value), exact.map(([, id]) => id)],
    );
  // In one order whoever writes them, so that two consoles adding the same new words never wait on each other
  // in a circle; a word already held costs a look at the B-tree.
  const words = [
    ...new Set(reindexed.flatMap((record) => spellingWordsOf(record.indexed as IndexedValue[]))),
  ].sort();
  if (words.length > 0)
    await client.query('INSERT INTO search_words (word) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [
      words,
    ]);
}

/** The parts table's rows of the records a batch stored: those held before cleared, each one's written. */
async function writeParts(client: pg.PoolClient, changed: Held[]): Promise<void> {
  const orders = changed.filter((record) => record.family !== 'product' && record.parts !== null);
  const kept = orders.filter((record) => record.before).map(idOf);
  if (kept.length > 0)
    await client.query('DELETE FROM record_parts WHERE record_id = ANY($1::bigint[])', [kept]);
  const rows = orders.flatMap((record) =>
    partRowsOf(record.parts ?? []).map(({ key, entries }) => ({ key, id: idOf(record), entries })),
  );
  if (rows.length > 0)
    await client.query(
      'INSERT INTO record_parts (part_key, record_id, entries) SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])',
      [rows.map((row) => row.key), rows.map((row) => row.id), rows.map((row) => row.entries)],
    );
}

/**
 * The parts table, filled from the documents of the records that hold a lot or serial number (their exact
 * keys say which), a thousand at a time: the migration that adds it.
 */
export async function createPartsTable(client: pg.PoolClient): Promise<void> {
  await client.query(`
    CREATE TABLE IF NOT EXISTS record_parts (
      part_key text NOT NULL,
      record_id bigint NOT NULL REFERENCES records (id) ON DELETE CASCADE,
      entries text NOT NULL,
      PRIMARY KEY (part_key, record_id)
    );
    CREATE INDEX IF NOT EXISTS record_parts_record ON record_parts (record_id);
    DELETE FROM record_parts;
  `);
  for (let after = 0; ; ) {
    const { rows } = await client.query<{ id: string; doc: string }>(
      `SELECT id, doc FROM records WHERE id > $1 AND id IN (
         SELECT record_id FROM record_exact_values WHERE value >= 'part:' AND value < 'part;')
       ORDER BY id LIMIT 1000`,
      [after],
    );
    if (rows.length === 0) return;
    const held = rows.flatMap(({ id, doc }): Held[] => {
      const derived = readWarehouseDocument(JSON.parse(doc));
      if (isUnreadable(derived)) return [];
      const row = { id: Number(id) } as RecordRow;
      return [
        {
          family: derived.family,
          reference: derived.reference,
          before: row,
          now: row,
          indexed: null,
          parts: derived.parts,
          stock: null,
        },
      ];
    });
    await writeParts(client, held);
    after = Number(rows.at(-1)?.id);
  }
}
