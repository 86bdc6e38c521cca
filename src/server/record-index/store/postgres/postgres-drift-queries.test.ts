import { describe, expect, it } from 'vitest';
import { announcedReceive, enteredOrder } from '../../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../../store/sqlite/console-db';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import {
  type IndexedDocument,
  isUnreadable,
  readProductDocument,
  readWarehouseDocument,
} from '../../records/indexed-document';
import { readOrder } from '../../testing/version-sequences';
import { createRecordStore } from '../record-store';
import type { RecordStore } from '../record-store-port';
import { postgresDriftQueries } from './postgres-drift-queries';
import { postgresRecordReads } from './postgres-record-reads';
import { postgresRecordWrites } from './postgres-record-writes';

const { database, open } = postgresPerTest();

/** What the drift check reads and writes, of organization north, and another organization's writes. */
type Engine = Pick<RecordStore, 'apply' | 'find' | 'drift'> & { south: Pick<RecordStore, 'apply'> };

const engines: [string, (now: () => number) => Promise<Engine>][] = [
  [
    'SQLite',
    async (now) => {
      const db = openConsoleDatabase(':memory:');
      const south = createRecordStore(db, { organization: 'south', now });
      return Object.assign(createRecordStore(db, { organization: 'north', now }), { south });
    },
  ],
  [
    'PostgreSQL',
    async (now) => {
      const db = await open(await database());
      const writes = (organization: string) =>
        postgresRecordWrites(db, { organization, instanceId: 'console-a', now, uncertain: () => {} });
      return {
        apply: writes('north').apply,
        find: postgresRecordReads(db, { organization: 'north', now }).find,
        drift: postgresDriftQueries(db, 'north'),
        south: writes('south'),
      };
    },
  ],
];

const startMs = Date.parse('2026-11-21T08:00:00Z');
const minuteMs = 60_000;
const order = (reference: string, minute: number, note = '') =>
  readOrder(
    enteredOrder({ primaryReference: reference, dateLastUpdated: `2026-11-21T07:0${minute}:00+00:00`, note }),
  );
function read(document: unknown, asProduct = false): IndexedDocument {
  const indexed = asProduct ? readProductDocument(document) : readWarehouseDocument(document);
  if (isUnreadable(indexed)) throw new Error(indexed.reason);
  return indexed;
}

/** Writes one change a minute from startMs: SO-1, PO-1, SO-1 again, a product and SO-2 (seqs 1 to 5). */
async function changedOverFiveMinutes(makeEngine: (now: () => number) => Promise<Engine>) {
  let clockMs = startMs;
  const engine = await makeEngine(() => clockMs);
  const writes: IndexedDocument[] = [
    order('SO-1', 1),
    read(announcedReceive({ primaryReference: 'PO-1' })),
    order('SO-1', 2),
    read({ id: 'p1', productCode: 'TEE-S', dateLastUpdated: '2026-11-21T07:00:00Z' }, true),
    order('SO-2', 1),
  ];
  for (const document of writes) {
    clockMs += minuteMs;
    await engine.apply(document, 'webhook');
  }
  // Another organization's change, later: the log's seqs are the database's, its records not north's.
  clockMs += minuteMs;
  await engine.south.apply(order('SO-9', 1), 'webhook');
  return engine;
}

const references = (candidates: { family: string; reference: string }[]) =>
  candidates.map(({ family, reference }) => `${family} ${reference}`);

describe.each(engines)('the drift queries on %s', (_, makeEngine) => {
  it('read orders and receives changed after a seq and by a time, each once, the most recent first', async () => {
    const { drift } = await changedOverFiveMinutes(makeEngine);
    const byFourMinutes = await drift.changed(0, startMs + 4 * minuteMs, 10);
    expect(references(byFourMinutes.candidates)).toEqual(['order SO-1', 'receive PO-1']);
    // The product's change is passed (nothing of it to compare), and the next pass starts after it.
    expect(byFourMinutes.lastSeq).toBe(4);
    const held = byFourMinutes.candidates[0];
    expect(held && JSON.parse(held.doc)).toMatchObject({ dateLastUpdated: '2026-11-21T07:02:00+00:00' });
    expect(held?.id).toEqual(expect.any(Number));

    expect(await drift.changed(0, startMs + 9 * minuteMs, 1)).toMatchObject({
      candidates: [{ family: 'order', reference: 'SO-2' }],
      lastSeq: 6,
    });
    expect(references((await drift.changed(3, startMs + 9 * minuteMs, 10)).candidates)).toEqual([
      'order SO-2',
    ]);
    expect(await drift.changed(6, startMs + 9 * minuteMs, 10)).toEqual({ candidates: [], lastSeq: 6 });
  });

  it('find the last change before a time, and 0 before the first', async () => {
    const { drift } = await changedOverFiveMinutes(makeEngine);
    expect(await drift.seqBefore(startMs + 3 * minuteMs)).toBe(2);
    expect(await drift.seqBefore(startMs + 3 * minuteMs + 1)).toBe(3);
    expect(await drift.seqBefore(startMs)).toBe(0);
  });

  it('sample orders and receives by id, from the first again past the last', async () => {
    const { drift } = await changedOverFiveMinutes(makeEngine);
    const first = await drift.sample(0, 2);
    expect(references(first)).toEqual(['order SO-1', 'receive PO-1']);
    expect(references(await drift.sample(first[1]?.id ?? 0, 2))).toEqual(['order SO-2', 'order SO-1']);
    expect(references(await drift.sample(0, 10))).toEqual(['order SO-1', 'receive PO-1', 'order SO-2']);
  });
});
