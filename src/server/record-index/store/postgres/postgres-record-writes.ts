import type pg from 'pg';
import { compactForm } from '@/domain/search-text';
import type {
  IndexedDocument,
  IndexedVersion,
  RecordFamily,
} from '@/server/record-index/records/indexed-document';
import type { IndexSource, RecordRow } from '@/server/record-index/records/indexed-record';
import {
  type ApplyContext,
  type ApplyOutcome,
  versionDecider,
} from '@/server/record-index/records/version-decision';
import {
  exactKeysOf,
  type IndexedValue,
  searchValuesOfVersion,
} from '@/server/record-index/search/search-terms';
import type { PostgresDatabase } from '@/server/store/postgres-database';
import { changeEntryOf } from '../change-details';
import type { StoredVersion } from '../return-refunds';
import { appendChanges, type PendingChange } from './postgres-change-log';
import { logIntakes } from './postgres-intake-log';
import { recordColumns, toRecordRow } from './postgres-record-row';
import { postgresReturnRefunds } from './postgres-return-refunds';
import { termsOf } from './postgres-search-terms';
import { inTransaction } from './postgres-transaction';

/** A webhook delivery as the intake hands it over: the version read from it and the size of its body. */
export type ReceivedDelivery = { document: IndexedDocument | IndexedVersion; bytes: number };

/** What one transaction of writes carries: its client, the change log entries it appends last, and the records it found uncertain. */
type Writing = {
  client: pg.PoolClient;
  changes: PendingChange[];
  uncertain: [RecordFamily, string][];
  decide: ReturnType<typeof versionDecider>;
};

/** One version to apply, from where it came. */
type Incoming = { document: IndexedDocument | IndexedVersion; source: IndexSource; context: ApplyContext };

/** A record of a batch as its versions are decided: the row held before, and the row it is now. */
type Held = {
  family: RecordFamily;
  reference: string;
  before: RecordRow | undefined;
  now: RecordRow | undefined;
  /** The search values of the newest version whose values changed, to index; null while unchanged. */
  indexed: IndexedValue[] | null;
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
  // Null while the search values are those stored.
  ['terms', 'tsvector'],
] as const;
const writtenNames = written.map(([name]) => name).join(', ');
const unnested = (first: number) =>
  `unnest(${written.map(([, type], index) => `$${first + index}::${type === 'tsvector' ? 'text' : type}[]`).join(', ')})`;

const insertRecords = `INSERT INTO records (id, org, family, reference, ${writtenNames}) OVERRIDING SYSTEM VALUE
  SELECT id, $1, family, reference, ${written.map(([name, type]) => (type === 'tsvector' ? `${name}::tsvector` : name)).join(', ')}
  FROM unnest($2::bigint[], $3::text[], $4::text[]) WITH ORDINALITY AS k (id, family, reference, n)
  JOIN ${unnested(5)} WITH ORDINALITY AS v (${writtenNames}, n) USING (n)
  ORDER BY n
  ON CONFLICT (org, family, reference) DO NOTHING`;
const drawIds = `SELECT nextval(pg_get_serial_sequence('records', 'id')) AS id FROM generate_series(1, $1)`;
const updateRecords = `UPDATE records AS r SET ${written
  .map(([name]) =>
    name === 'terms' ? 'terms = coalesce(v.terms::tsvector, r.terms)' : `${name} = v.${name}`,
  )
  .join(', ')}
  FROM unnest($1::bigint[]) WITH ORDINALITY AS k (id, n)
  JOIN ${unnested(2)} WITH ORDINALITY AS v (${writtenNames}, n) USING (n)
  WHERE r.id = k.id`;

/** A record's row as a version stored makes it (its id, for a record new to the index, once inserted). */
function rowOf(
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
  const rows = records.map(({ now, indexed }) => {
    const row = now as RecordRow;
    return [
      compactForm(row.reference),
      ...written.slice(1, -1).map(([name]) => row[name as keyof RecordRow]),
      indexed ? termsOf(indexed, row.id) : null,
    ];
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

/**
 * The index's writes on PostgreSQL, for one organization, as RecordStore's `apply`, `applyAll`,
 * `applyOrConfirm` and `receiveAll`: each version decided against the stored one by the same rule as SQLite's
 * (version-decision.ts), holding the records' row locks from their read to the commit, and written with their
 * search terms, exact keys, returns' refunds and change log entries in one transaction. A batch costs a
 * handful of statements whatever its size, not a handful per version. `uncertain` hears of records only a
 * read of the operator can settle, once their transaction committed. Webhook deliveries are counted on the
 * intake log's rows of this console (`instanceId`).
 */
export function postgresRecordWrites(
  db: PostgresDatabase,
  {
    organization,
    instanceId,
    now = Date.now,
    uncertain,
  }: {
    organization: string;
    instanceId: string;
    now?: () => number;
    uncertain: (family: RecordFamily, reference: string) => void;
  },
) {
  const refunds = postgresReturnRefunds(organization);

  /** The console's change claims the log entry of the same version a webhook committed first. */
  async function claimChange(client: pg.PoolClient, recordId: number, updatedMs: number, person: string) {
    await client.query(
      `UPDATE record_changes SET source = 'console', person = $1 WHERE seq = (
         SELECT seq FROM record_changes WHERE record_id = $2 AND updated_ms = $3 ORDER BY seq DESC LIMIT 1)`,
      [person, recordId, updatedMs],
    );
  }

  /** The records a batch names, locked in one order (family, reference) whatever console takes them. */
  async function lockHeld(client: pg.PoolClient, items: Incoming[]): Promise<Map<string, Held>> {
    const held = new Map<string, Held>();
    for (const { document } of items)
      held.set(`${document.family}\u0000${document.reference}`, {
        family: document.family,
        reference: document.reference,
        before: undefined,
        now: undefined,
        indexed: null,
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

  async function applyBatch(writing: Writing, items: Incoming[]): Promise<ApplyOutcome[]> {
    const { client } = writing;
    const held = await lockHeld(client, items);
    const stored: {
      record: Held;
      version: Omit<StoredVersion, 'id'>;
      entry: Omit<PendingChange, 'recordId'>;
      valuesBefore: string | null;
    }[] = [];
    /** Console changes that found their version stored by an earlier commit (a webhook's). */
    const claims: { record: Held; updatedMs: number; person: string }[] = [];
    const outcomes = items.map(({ document: incoming, source, context }) => {
      const { person = null, readStartedMs = Number.POSITIVE_INFINITY } = context;
      const record = held.get(`${incoming.family}\u0000${incoming.reference}`) as Held;
      const text = 'text' in incoming ? incoming.text : JSON.stringify(incoming.document);
      const outcome = writing.decide(record.now, incoming, text, source, readStartedMs);
      // The sandbox sends its webhook as it commits, so the version the console made may be stored already.
      if (outcome === 'duplicate' && source === 'console' && person !== null && record.now) {
        const updatedMs = record.now.updated_ms;
        const pending = stored.findLast(
          (item) => item.record === record && item.entry.updatedMs === updatedMs,
        );
        if (pending) Object.assign(pending.entry, { source: 'console', person });
        else claims.push({ record, updatedMs, person });
      }
      if (outcome !== 'stored') return outcome;
      const { searchValues, indexed } = searchValuesOfVersion(
        record.now?.search_values,
        incoming.searchValues,
      );
      stored.push({
        record,
        version: {
          kind: incoming.kind,
          reference: incoming.reference,
          searchValues: incoming.searchValues,
          doc: text,
        },
        entry: { ...changeEntryOf(record.now, incoming, text), atMs: now(), source, person },
        valuesBefore: record.now?.search_values ?? null,
      });
      if (indexed) record.indexed = indexed;
      record.now = rowOf(record, incoming, text, source, searchValues, now());
      return outcome;
    });
    const changed = [...new Set(stored.map(({ record }) => record))];
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
    const idOf = (record: Held) => (record.now as RecordRow).id;
    const reindexed = changed.filter((record) => record.indexed);
    if (reindexed.some((record) => record.before))
      await client.query('DELETE FROM record_exact_values WHERE record_id = ANY($1::bigint[])', [
        reindexed.filter((record) => record.before).map(idOf),
      ]);
    const exact = reindexed.flatMap((record) =>
      exactKeysOf(record.indexed as IndexedValue[]).map((value) => [value, idOf(record)] as const),
    );
    if (exact.length > 0)
      await client.query(
        'INSERT INTO record_exact_values (value, record_id) SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT DO NOTHING',
        [exact.map(([value]) => value), exact.map(([, id]) => id)],
      );
    await refunds.afterStoreAll(
      client,
      stored.map(({ record, version, valuesBefore }) => ({
        record: { ...version, id: idOf(record) },
        valuesBefore,
      })),
    );
    for (const { record, entry } of stored) writing.changes.push({ ...entry, recordId: idOf(record) });
    for (const { record, updatedMs, person } of claims)
      await claimChange(writing.client, idOf(record), updatedMs, person);
    return outcomes;
  }

  /** Runs `write` in one transaction that appends its change log entries last, then reports the uncertain. */
  async function writeTransaction<R>(write: (writing: Writing) => Promise<R>): Promise<R> {
    let noted: [RecordFamily, string][] = [];
    const result = await inTransaction(db, async (client) => {
      const writing: Writing = {
        client,
        changes: [],
        uncertain: [],
        decide: versionDecider({
          now,
          uncertain: (family, reference) => writing.uncertain.push([family, reference]),
        }),
      };
      const result = await write(writing);
      await appendChanges(client, organization, writing.changes);
      noted = writing.uncertain;
      return result;
    });
    for (const [family, reference] of noted) uncertain(family, reference);
    return result;
  }

  return {
    /** Applies one version in a transaction of its own. */
    apply: async (
      document: IndexedDocument | IndexedVersion,
      source: IndexSource,
      context: ApplyContext = {},
    ) =>
      (
        await writeTransaction((writing) => applyBatch(writing, [{ document, source, context }]))
      )[0] as ApplyOutcome,

    /** One transaction for a page of documents: a sync page costs one commit, not two hundred. */
    applyAll: (documents: IndexedDocument[], source: IndexSource, context: ApplyContext = {}) =>
      writeTransaction((writing) =>
        applyBatch(
          writing,
          documents.map((document) => ({ document, source, context })),
        ),
      ),

    /**
     * A version just read from the operator, applied in a transaction of its own; when the index held it
     * already, it is confirmed as fresh as this read before the commit, under the row lock its decision
     * took: a newer version another console stores meanwhile waits, and is never the one confirmed.
     */
    applyOrConfirm: (document: IndexedDocument, source: IndexSource, context: ApplyContext = {}) =>
      writeTransaction(async (writing) => {
        const [outcome] = await applyBatch(writing, [{ document, source, context }]);
        if (outcome === 'duplicate')
          await writing.client.query(
            'UPDATE records SET source = $1, indexed_ms = $2 WHERE org = $3 AND family = $4 AND reference = $5',
            [source, now(), organization, document.family, document.reference],
          );
        return outcome as ApplyOutcome;
      }),

    /** Webhook deliveries that arrived together, each applied and logged, all in one commit. */
    receiveAll: (deliveries: ReceivedDelivery[]) =>
      writeTransaction(async (writing) => {
        const outcomes = await applyBatch(
          writing,
          deliveries.map(({ document }) => ({ document, source: 'webhook', context: {} })),
        );
        await logIntakes(
          writing.client,
          now(),
          deliveries.map(({ document, bytes }, index) => ({
            outcome: outcomes[index] as ApplyOutcome,
            kind: document.kind,
            reference: document.reference,
            bytes,
          })),
          instanceId,
        );
        return outcomes;
      }),
  };
}
