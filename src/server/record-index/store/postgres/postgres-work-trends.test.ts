import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../contract/order';
import { enteredOrder } from '../../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../../store/sqlite/console-db';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import { applyDocument, fill, now } from '../../testing/list-fixtures';
import { createRecordStore } from '../record-store';
import type { RecordStore } from '../record-store-port';
import { postgresRecordWrites } from './postgres-record-writes';
import { postgresWorkTrends } from './postgres-work-trends';

const { database, open } = postgresPerTest();

type Engine = Pick<RecordStore, 'apply' | 'trends'>;

const engines: [string, () => Promise<Engine>][] = [
  [
    'SQLite',
    async () => createRecordStore(openConsoleDatabase(':memory:'), { organization: '', now: () => now }),
  ],
  [
    'PostgreSQL',
    async () => {
      const db = await open(await database());
      const writes = postgresRecordWrites(db, {
        organization: '',
        instanceId: 'console-a',
        now: () => now,
        uncertain: () => {},
      });
      return { apply: writes.apply, trends: postgresWorkTrends(db, '') };
    },
  ],
];

const todayStartMs = Date.parse('2026-11-25T00:00:00Z');
const shipment = enteredOrder().shipments[0] as Order['shipments'][number];
/** An order shipped at `shipped`, due on the calendar day `due` (none when null). */
const shippedOrder = (reference: string, shipped: string, due: string | null, status = 'FIN') =>
  enteredOrder({
    primaryReference: reference,
    status,
    dateLastUpdated: shipped,
    shipments: [{ ...shipment, status, actualShipDate: shipped }],
    ...(due ? { requiredShipDate: `${due}T00:00:00+00:00` } : {}),
  });

describe.each(engines)('the work trends on %s', (_, makeEngine) => {
  it('count on-time shipping per day and fill rate per week from finished records', async () => {
    const store = await makeEngine();
    await fill(store);
    const { days, weeks } = await store.trends(todayStartMs);
    expect(days.map((entry) => entry.daysAgo)).toEqual(Array.from({ length: 14 }, (_, index) => 13 - index));
    expect(weeks.map((entry) => entry.weeksAgo)).toEqual(Array.from({ length: 8 }, (_, index) => 7 - index));
    // Six shipped orders finished on 2026-11-20, and four receives finalized (10 TEE-S + 4 MILK announced).
    const shippedDays = days.filter((entry) => entry.shipped > 0);
    expect(shippedDays.map(({ daysAgo, shipped }) => ({ daysAgo, shipped }))).toEqual([
      { daysAgo: 5, shipped: 6 },
    ]);
    expect(weeks.at(-1)).toEqual({ weeksAgo: 0, receives: 4, announced: 56, received: 48 });
  });

  it('count shipped by the end of the ship-by day on time, the day after late, and no date promised on time', async () => {
    const store = await makeEngine();
    await applyDocument(store, shippedOrder('SO-BY-END', '2026-11-24T23:59:59.999Z', '2026-11-24'));
    await applyDocument(store, shippedOrder('SO-DAY-AFTER', '2026-11-25T00:00:00Z', '2026-11-24'));
    await applyDocument(store, shippedOrder('SO-NO-DATE', '2026-11-12T00:00:00Z', null));
    // Before the first of the fourteen days, and canceled: neither counted.
    await applyDocument(store, shippedOrder('SO-TOO-OLD', '2026-11-11T23:59:59Z', null));
    await applyDocument(store, shippedOrder('SO-CANCELED', '2026-11-24T10:00:00Z', null, 'CAN'));
    const { days } = await store.trends(todayStartMs);
    expect(days.filter((entry) => entry.shipped > 0)).toEqual([
      { daysAgo: 13, shipped: 1, onTime: 1 },
      { daysAgo: 1, shipped: 1, onTime: 1 },
      { daysAgo: 0, shipped: 1, onTime: 0 },
    ]);
  });
});

it('answers alike on both engines, whatever instant the reader’s day begins at', async () => {
  const [sqlite, postgres] = await Promise.all(engines.map(async ([, makeEngine]) => makeEngine()));
  if (!sqlite || !postgres) throw new Error('two engines expected');
  for (const store of [sqlite, postgres]) {
    await fill(store);
    await applyDocument(store, shippedOrder('SO-LATE', '2026-11-23T18:30:00Z', '2026-11-21'));
  }
  for (const todayStart of [
    '2026-11-25T00:00:00Z',
    '2026-11-24T23:00:00Z',
    '2026-11-25T05:00:00Z',
    '2026-11-21T00:00:00Z',
    '2026-12-30T00:00:00Z',
  ]) {
    const answer = await sqlite.trends(Date.parse(todayStart));
    expect(await postgres.trends(Date.parse(todayStart)), todayStart).toEqual(answer);
  }
});
