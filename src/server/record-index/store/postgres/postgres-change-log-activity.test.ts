import { describe, expect, it } from 'vitest';
import { openConsoleDatabase } from '../../../store/sqlite/console-db';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import type { IndexSource } from '../../records/indexed-record';
import { activityOfVersions, activitySummary, activityVersions } from '../../testing/activity-versions';
import { readOrder } from '../../testing/version-sequences';
import { createRecordStore } from '../record-store';
import type { RecordStore } from '../record-store-port';
import { postgresChangeLog } from './postgres-change-log';
import { postgresRecordReads } from './postgres-record-reads';
import { postgresRecordWrites } from './postgres-record-writes';

const { database, open } = postgresPerTest();

type Engine = Pick<RecordStore, 'apply' | 'find' | 'activity'>;

const clockMs = Date.parse('2026-11-21T09:00:00Z');
const engines: [string, () => Promise<Engine>][] = [
  [
    'SQLite',
    async () =>
      createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north', now: () => clockMs }),
  ],
  [
    'PostgreSQL',
    async () => {
      const db = await open(await database());
      const writes = postgresRecordWrites(db, {
        organization: 'north',
        instanceId: 'console-a',
        now: () => clockMs,
        uncertain: () => {},
      });
      return {
        apply: writes.apply,
        find: postgresRecordReads(db, { organization: 'north' }).find,
        activity: postgresChangeLog(db, 'north').activity,
      };
    },
  ],
];

/** SO-7's versions, the first from the sync and the rest from webhooks, with another order's between. */
async function storedWithActivity(makeEngine: () => Promise<Engine>) {
  const store = await makeEngine();
  for (const [index, version] of activityVersions.entries()) {
    const source: IndexSource = index === 0 ? 'sync' : 'webhook';
    await store.apply(readOrder(version), source);
    await store.apply(readOrder({ ...version, primaryReference: `SO-OTHER-${index}` }), source);
  }
  const record = await store.find('order', 'SO-7');
  if (!record) throw new Error('SO-7 expected');
  return { store, record };
}

describe.each(engines)('a record’s activity on %s', (_, makeEngine) => {
  it('answers its versions newest first, with the states, the hold reason and the tracking added', async () => {
    const { store, record } = await storedWithActivity(makeEngine);
    const { entries, nextBefore } = await store.activity(record, { before: null, limit: 10 });
    expect(nextBefore).toBeNull();
    expect(activitySummary(entries)).toEqual(activityOfVersions);
    expect(entries.map((entry) => entry.seq)).toEqual([7, 5, 3, 1]);
    expect(entries.every((entry) => entry.at === new Date(clockMs).toISOString())).toBe(true);
    expect(entries[0]?.changed).toEqual(['status', 'shipments']);
    expect(entries.at(-1)?.changed).toEqual(['created']);
  });

  it('pages with a limit and the seq the page before ended at', async () => {
    const { store, record } = await storedWithActivity(makeEngine);
    const first = await store.activity(record, { before: null, limit: 3 });
    expect(first.entries.map((entry) => entry.state)).toEqual(['shipped_short', 'entered', 'held']);
    expect(first.nextBefore).toBe(3);
    const older = await store.activity(record, { before: first.nextBefore, limit: 3 });
    expect(older.entries.map((entry) => entry.stateBefore)).toEqual([null]);
    expect(older.nextBefore).toBeNull();
    // A page that ends exactly at the oldest version has no next one.
    expect((await store.activity(record, { before: null, limit: 4 })).nextBefore).toBeNull();
  });
});

it('answers a record’s activity alike on both engines, page by page', async () => {
  const [sqlite, postgres] = await Promise.all(engines.map(async ([, make]) => storedWithActivity(make)));
  if (!sqlite || !postgres) throw new Error('two engines expected');
  for (const page of [
    { before: null, limit: 10 },
    { before: null, limit: 1 },
    { before: 5, limit: 2 },
    { before: 1, limit: 5 },
  ]) {
    const answer = await sqlite.store.activity(sqlite.record, page);
    expect(await postgres.store.activity(postgres.record, page), JSON.stringify(page)).toEqual(answer);
  }
});
