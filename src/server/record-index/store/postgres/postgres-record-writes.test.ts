import { describe, expect, it } from 'vitest';
import { enteredOrder } from '../../../../sandbox/testing/test-documents';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import { openConsoleDatabase } from '../../../store/sqlite/console-db';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import type { IndexedDocument, RecordFamily } from '../../records/indexed-document';
import type { IndexedRecord, IndexSource } from '../../records/indexed-record';
import type { ApplyContext, ApplyOutcome } from '../../records/version-decision';
import { readOrder, sequenceClockMs, versionSequences } from '../../testing/version-sequences';
import { createRecordStore } from '../record-store';
import { postgresRecordReads } from './postgres-record-reads';
import { postgresRecordWrites } from './postgres-record-writes';

const { database, open } = postgresPerTest();

/** The members both engines share, as promises, and the records each asked the operator about. */
type Engine = {
  apply(document: IndexedDocument, source: IndexSource, context?: ApplyContext): Promise<ApplyOutcome>;
  find(family: RecordFamily, reference: string): Promise<IndexedRecord | null>;
  uncertain: string[];
};

function sqliteEngine(now: () => number): Engine {
  const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north', now });
  const uncertain: string[] = [];
  store.onUncertain((family, reference) => uncertain.push(`${family} ${reference}`));
  return {
    apply: async (...args) => store.apply(...args),
    find: async (...args) => store.find(...args),
    uncertain,
  };
}

function postgresEngine(db: PostgresDatabase, now: () => number): Engine {
  const uncertain: string[] = [];
  const writes = postgresRecordWrites(db, {
    organization: 'north',
    instanceId: 'console-a',
    now,
    uncertain: (family, reference) => uncertain.push(`${family} ${reference}`),
  });
  const reads = postgresRecordReads(db, { organization: 'north', now });
  return { apply: writes.apply, find: reads.find, uncertain };
}

const engines: [string, () => Promise<Engine>][] = [
  ['SQLite', async () => sqliteEngine(() => sequenceClockMs)],
  ['PostgreSQL', async () => postgresEngine(await open(await database()), () => sequenceClockMs)],
];

describe.each(engines)('which version %s keeps', (_, makeEngine) => {
  it.each(versionSequences.map((sequence) => [sequence.name, sequence] as const))(
    '%s',
    async (_name, { steps, held, uncertain }) => {
      const engine = await makeEngine();
      const outcomes: ApplyOutcome[] = [];
      for (const { document, source, context } of steps)
        outcomes.push(await engine.apply(document, source, context));
      expect(outcomes).toEqual(steps.map((step) => step.outcome));
      expect((await engine.find('order', 'SO-8'))?.document).toEqual(held.document);
      expect(engine.uncertain).toEqual(Array.from({ length: uncertain }, () => 'order SO-8'));
    },
  );
});

const minute = (reference: string, at: number) =>
  readOrder(
    enteredOrder({
      primaryReference: reference,
      dateLastUpdated: `2026-11-21T08:${String(at).padStart(2, '0')}:00Z`,
      shipToAddress: { address: { addressLine1: '1 Main St' }, contact: { personName: `Minute ${at}` } },
    }),
  );

describe('the PostgreSQL index written by two consoles at once', () => {
  it('ends every record on its newest version, with one change log entry per version stored', async () => {
    const url = await database();
    const [first, second] = [await open(url), await open(url)].map((db) =>
      postgresRecordWrites(db, { organization: 'north', instanceId: 'console-a', uncertain: () => {} }),
    );
    if (!first || !second) throw new Error('two consoles expected');
    const references = Array.from({ length: 12 }, (_, index) => `SO-RACE-${index}`);
    // Each console sends every version of every record, in an order of its own: new records race to be
    // inserted, and later versions race for their row.
    const sent = await Promise.all(
      [first, second].flatMap((writes, console) =>
        references.flatMap((reference) =>
          [1, 5, 3, 9, 7].map((at, turn) =>
            writes.apply(minute(reference, console === 0 ? at : 10 - at - (turn % 2)), 'webhook'),
          ),
        ),
      ),
    );
    const reads = postgresRecordReads(await open(url), { organization: 'north' });
    for (const reference of references)
      expect((await reads.find('order', reference))?.updatedMs).toBe(Date.parse('2026-11-21T08:09:00Z'));
    const db = await open(url);
    const { rows } = await db.query<{ count: string }>('SELECT count(*) FROM record_changes');
    expect(Number(rows[0]?.count)).toBe(sent.filter((outcome) => outcome === 'stored').length);
    const { rows: keys } = await db.query<{ count: string }>(
      "SELECT count(*) FROM records WHERE reference LIKE 'SO-RACE-%'",
    );
    expect(Number(keys[0]?.count)).toBe(references.length);
  });

  it('decides a batch that waited on a row lock against the version committed meanwhile', async () => {
    const url = await database();
    const db = await open(url);
    const writes = postgresRecordWrites(db, {
      organization: 'north',
      instanceId: 'console-a',
      uncertain: () => {},
    });
    await writes.apply(minute('SO-LOCK', 1), 'sync');
    // A transaction of another console holds the record's row, as a write does from its read to its commit.
    const holder = await (await open(url)).connect();
    await holder.query('BEGIN');
    await holder.query("SELECT id FROM records WHERE reference = 'SO-LOCK' FOR UPDATE");
    const waiting = writes.applyAll([minute('SO-LOCK', 5)], 'webhook');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Meanwhile the other console stores a newer version and commits.
    const newer = minute('SO-LOCK', 8);
    await holder.query("UPDATE records SET updated_ms = $1, doc = $2 WHERE reference = 'SO-LOCK'", [
      newer.updatedMs,
      JSON.stringify(newer.document),
    ]);
    await holder.query('COMMIT');
    holder.release();
    expect(await waiting).toEqual(['stale']);
  });
});

describe('a batch of versions on PostgreSQL', () => {
  /** What a store holds: each record's document, its change log and its exact keys. */
  async function held(db: PostgresDatabase) {
    const query = async (sql: string) => (await db.query(sql)).rows;
    return {
      records: await query('SELECT family, reference, updated_ms, status, doc FROM records ORDER BY id'),
      changes: await query(
        'SELECT reference, updated_ms, status_before, status, source FROM record_changes ORDER BY seq',
      ),
      exact: await query(
        'SELECT value, reference FROM record_exact_values JOIN records ON id = record_id ORDER BY value, reference',
      ),
    };
  }

  it('ends as the same versions applied one at a time, however often it names a record', async () => {
    const versions = [
      minute('SO-B1', 1),
      minute('SO-B2', 4),
      minute('SO-B1', 5),
      minute('SO-B1', 3),
      minute('SO-B1', 5),
      minute('SO-B3', 2),
      minute('SO-B2', 7),
    ];
    const [batch, single] = [await open(await database()), await open(await database())];
    const writesOf = (db: PostgresDatabase) =>
      postgresRecordWrites(db, { organization: 'north', instanceId: 'a', uncertain: () => {} });
    const inOne = await writesOf(batch).applyAll(versions, 'sync');
    const oneByOne: ApplyOutcome[] = [];
    for (const version of versions) oneByOne.push(await writesOf(single).apply(version, 'sync'));
    expect(inOne).toEqual(['stored', 'stored', 'stored', 'stale', 'duplicate', 'stored', 'stored']);
    expect(inOne).toEqual(oneByOne);
    expect(await held(batch)).toEqual(await held(single));
  });

  it('lets two consoles insert the same new records in opposite orders, each batch deciding every one', async () => {
    const url = await database();
    const [first, second] = [await open(url), await open(url)].map((db) =>
      postgresRecordWrites(db, { organization: 'north', instanceId: 'a', uncertain: () => {} }),
    );
    if (!first || !second) throw new Error('two consoles expected');
    const references = Array.from({ length: 30 }, (_, index) => `SO-NEW-${index}`);
    const answers = await Promise.all([
      first.applyAll(
        references.map((reference) => minute(reference, 1)),
        'webhook',
      ),
      second.applyAll(
        references.toReversed().map((reference) => minute(reference, 2)),
        'webhook',
      ),
    ]);
    expect(answers.flat()).toHaveLength(60);
    expect(answers[1]).toEqual(references.map(() => 'stored'));
    const reads = postgresRecordReads(await open(url), { organization: 'north' });
    for (const reference of references)
      expect((await reads.find('order', reference))?.updatedMs).toBe(Date.parse('2026-11-21T08:02:00Z'));
  });
});

describe('the PostgreSQL store beside the versions', () => {
  it('logs webhook intakes, counts records and keeps sync state per organization', async () => {
    const db = await open(await database());
    const writes = postgresRecordWrites(db, {
      organization: 'north',
      instanceId: 'console-a',
      uncertain: () => {},
    });
    const reads = postgresRecordReads(db, { organization: 'north', now: () => 42 });
    const document = minute('SO-IN', 1);
    expect(
      await writes.receiveAll([
        { document, bytes: 120 },
        { document, bytes: 120 },
        { document: minute('so-in', 2), bytes: 80 },
      ]),
    ).toEqual(['stored', 'duplicate', 'stored']);
    const { rows } = await db.query('SELECT outcome, count FROM intake_counts ORDER BY outcome');
    expect(rows).toEqual([
      { outcome: 'duplicate', count: '1' },
      { outcome: 'stored', count: '2' },
    ]);
    // Another letter case is another record, found by its own spelling first.
    expect((await reads.find('order', 'SO-IN'))?.reference).toBe('SO-IN');
    expect((await reads.find('order', 'so-in'))?.reference).toBe('so-in');
    expect((await reads.find('order', 'So-In'))?.reference).toBe('SO-IN');
    expect(await reads.counts()).toEqual({ order: 2 });
    expect(await reads.newestUpdateMs()).toBe(Date.parse('2026-11-21T08:02:00Z'));
    await reads.confirm('order', 'SO-IN', 'lookup');
    expect(await reads.find('order', 'SO-IN')).toMatchObject({ source: 'lookup', indexedMs: 42 });

    expect(await reads.readState('sync')).toBeNull();
    await reads.writeState('sync', { cursor: 'abc' });
    expect(await reads.readState('sync')).toEqual({ cursor: 'abc' });
    expect(await postgresRecordReads(db, { organization: 'south' }).readState('sync')).toBeNull();
  });

  it("gives a webhook's change to the person whose console answer brought the same version", async () => {
    const db = await open(await database());
    const writes = postgresRecordWrites(db, {
      organization: 'north',
      instanceId: 'console-a',
      uncertain: () => {},
    });
    await writes.apply(minute('SO-8', 1), 'sync');
    await writes.applyAll([minute('SO-8', 2)], 'webhook');
    await writes.apply(minute('SO-8', 2), 'console', { person: 'ana' });
    await writes.receiveAll([{ document: minute('SO-8', 3), bytes: 1 }]);
    const { rows } = await db.query('SELECT source, person FROM record_changes ORDER BY seq');
    expect(rows).toEqual([
      { source: 'sync', person: null },
      { source: 'console', person: 'ana' },
      { source: 'webhook', person: null },
    ]);
  });
});
