import { describe, expect, it } from 'vitest';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { simulatedClock } from '../../testing/simulated-clock';
import { postgresPerTest } from '../../testing/test-postgres-schema';
import { type IndexedDocument, isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import { postgresDriftQueries } from '../store/postgres/postgres-drift-queries';
import { postgresRecordReads } from '../store/postgres/postgres-record-reads';
import { postgresRecordWrites } from '../store/postgres/postgres-record-writes';
import { createRecordStore } from '../store/record-store';
import type { RecordStore } from '../store/record-store-port';
import { createDriftCheck } from './drift-check';

const { database, open } = postgresPerTest();

/** What the drift check reads and writes, and what the test reads back, on either engine. */
type Engine = Pick<RecordStore, 'apply' | 'find' | 'drift'>;

const engines: [string, (now: () => number) => Promise<Engine>][] = [
  ['SQLite', async (now) => createRecordStore(openConsoleDatabase(':memory:'), { organization: '', now })],
  [
    'PostgreSQL',
    async (now) => {
      const db = await open(await database());
      const writes = postgresRecordWrites(db, {
        organization: '',
        instanceId: 'console-a',
        now,
        uncertain: () => {},
      });
      return {
        apply: writes.apply,
        find: postgresRecordReads(db, { organization: '', now }).find,
        drift: postgresDriftQueries(db, ''),
      };
    },
  ],
];

const startMs = Date.parse('2026-11-21T08:00:00Z');
const order = (reference: string, minute: number, note: string): IndexedDocument => {
  const document = readWarehouseDocument(
    enteredOrder({ primaryReference: reference, dateLastUpdated: `2026-11-21T07:0${minute}:00+00:00`, note }),
  );
  if (isUnreadable(document)) throw new Error(document.reason);
  return document;
};

describe.each(engines)('the drift check over %s', (_, makeEngine) => {
  it('compares records changed since its last pass with the operator, 15 s after they changed, and repairs and counts what differs', async () => {
    let drift: ReturnType<typeof createDriftCheck> | undefined;
    const sim = simulatedClock(startMs, async () => {
      await drift?.idle();
    });
    const store = await makeEngine(sim.now);
    const atOperator = new Map([
      ['SO-SAME', order('SO-SAME', 1, 'as held')],
      ['SO-MISSED', order('SO-MISSED', 2, 'a delivery that never came')],
    ]);
    const compared: string[] = [];
    drift = createDriftCheck({
      store,
      clock: sim.clock,
      timing: { sample: 0 },
      readRecord: async (_family, reference) => {
        compared.push(reference);
        return atOperator.get(reference) ?? null;
      },
    });
    drift.start();
    await store.apply(order('SO-SAME', 1, 'as held'), 'webhook');
    await store.apply(order('SO-MISSED', 1, 'the last delivery that came'), 'webhook');
    await sim.advance(14_999);
    expect(compared).toEqual([]);
    await sim.advance(1);
    expect(compared.sort()).toEqual(['SO-MISSED', 'SO-SAME']);
    expect(await store.find('order', 'SO-MISSED')).toMatchObject({
      source: 'lookup',
      document: { note: 'a delivery that never came' },
    });
    expect(drift.counts()).toMatchObject({
      checked: 2,
      differing: 1,
      repaired: 1,
      lastDriftReference: 'SO-MISSED',
      lastDriftAt: new Date(startMs + 15_000).toISOString(),
    });
    // The next pass compares only what changed since: the repair, which now holds.
    await sim.advance(60_000);
    expect(compared.slice(2)).toEqual(['SO-MISSED']);
    expect(drift.counts()).toMatchObject({
      checked: 3,
      differing: 1,
      lastCheckAt: new Date(startMs + 75_000).toISOString(),
    });
    await drift.stop();
  });
});
