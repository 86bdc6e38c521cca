import type pg from 'pg';
import { expect, it } from 'vitest';
import type { LiveChange } from '../../../../contract/live-change';
import { enteredOrder } from '../../../../sandbox/testing/test-documents';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import { readOrder } from '../../testing/version-sequences';
import { appendChanges, type PendingChange, postgresChangeLog } from './postgres-change-log';
import { postgresRecordWrites } from './postgres-record-writes';

const { database, open } = postgresPerTest();

const change = (reference: string): PendingChange => ({
  recordId: 1,
  kind: 'order',
  reference,
  atMs: 0,
  source: 'webhook',
  updatedMs: 0,
  statusBefore: null,
  status: 'ENT',
  stateBefore: null,
  state: 'entered',
  changed: ['created'],
  person: null,
  details: null,
});

/** A live stream's reader: it asks for what came after the last change it was handed, as change-feed.ts does. */
function follower(log: ReturnType<typeof postgresChangeLog>) {
  const seen: LiveChange[] = [];
  return {
    seen,
    async read() {
      const changes = await log.changesAfter(seen.at(-1)?.seq ?? 0, 100);
      seen.push(...changes);
    },
  };
}

async function begun(db: pg.Pool) {
  const client = await db.connect();
  await client.query('BEGIN');
  return client;
}

it('hands a reader every change once and in order when transactions commit in another order than they began', async () => {
  const url = await database();
  const [first, second] = [await open(url), await open(url)];
  const reader = follower(postgresChangeLog(await open(url), 'north'));
  // A begins first and B second, both with their records written; B commits first.
  const a = await begun(first);
  const b = await begun(second);
  await appendChanges(b, 'north', [change('B')]);
  await b.query('COMMIT');
  await reader.read();
  await appendChanges(a, 'north', [change('A')]);
  await reader.read();
  await a.query('COMMIT');
  await reader.read();
  // C takes its place in the log first; D, which would commit at once, must wait for C's commit to take
  // the next: else it would take the seq after C's, commit, be read, and C's seq would pass unseen.
  const c = await begun(first);
  const d = await begun(second);
  await appendChanges(c, 'north', [change('C')]);
  const dCommitted = appendChanges(d, 'north', [change('D')]).then(() => d.query('COMMIT'));
  await new Promise((resolve) => setTimeout(resolve, 100));
  await reader.read();
  await c.query('COMMIT');
  await dCommitted;
  await reader.read();
  for (const client of [a, b, c, d]) client.release();

  expect(reader.seen.map(({ reference }) => reference)).toEqual(['B', 'A', 'C', 'D']);
  const seqs = reader.seen.map(({ seq }) => seq);
  expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
  expect(await postgresChangeLog(first, 'north').lastChangeSeq()).toBe(seqs.at(-1));
});

it('hands a reader that follows two busy consoles every change they commit, once', async () => {
  const url = await database();
  const consoles = [await open(url), await open(url)].map((db) =>
    postgresRecordWrites(db, { organization: 'north', instanceId: 'console-a', uncertain: () => {} }),
  );
  const log = postgresChangeLog(await open(url), 'north');
  const reader = follower(log);
  let writing = true;
  const reading = (async () => {
    while (writing) await reader.read();
  })();
  await Promise.all(
    Array.from({ length: 60 }, (_, index) =>
      consoles[index % 2]?.applyAll(
        [1, 2, 3].map((part) => readOrder(enteredOrder({ primaryReference: `SO-${index}-${part}` }))),
        'webhook',
      ),
    ),
  );
  writing = false;
  await reading;
  await reader.read();
  const seqs = reader.seen.map(({ seq }) => seq);
  expect(new Set(reader.seen.map(({ reference }) => reference)).size).toBe(180);
  expect(seqs).toEqual([...new Set(seqs)].sort((x, y) => x - y));
  expect(await log.changesAfter(0, 1000)).toEqual(reader.seen);
});

it('hands each organization only its own changes, and counts the last seq of all', async () => {
  const db = await open(await database());
  const client = await begun(db);
  await appendChanges(client, 'north', [change('N1')]);
  await appendChanges(client, 'south', [change('S1')]);
  await client.query('COMMIT');
  client.release();
  const north = postgresChangeLog(db, 'north');
  expect((await north.changesAfter(0, 10)).map(({ reference }) => reference)).toEqual(['N1']);
  const [south] = await postgresChangeLog(db, 'south').changesAfter(0, 10);
  expect(await north.lastChangeSeq()).toBe(south?.seq);
});
