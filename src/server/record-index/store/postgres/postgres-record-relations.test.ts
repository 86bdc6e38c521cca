import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../contract/order';
import type { Receive } from '../../../../contract/receive';
import { announcedReceive } from '../../../../sandbox/testing/test-documents';
import { lot, orderOf, receiveOf } from '../../../../testing/trace-fixtures';
import { openConsoleDatabase } from '../../../store/sqlite/console-db';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import { applyDocument, fill } from '../../testing/list-fixtures';
import { createRecordStore } from '../record-store';
import type { RecordStore } from '../record-store-port';
import { postgresRecordRelations } from './postgres-record-relations';
import { postgresRecordWrites } from './postgres-record-writes';

const { database, open } = postgresPerTest();

/** The relations of organization north, and another organization's writes. */
type Engine = Pick<RecordStore, 'apply' | 'returnsOfOrder' | 'partEntries'> & {
  south: Pick<RecordStore, 'apply'>;
};

const clockMs = Date.parse('2026-11-25T12:00:00Z');

/** The relations of organization north in `db`, with writes of north and of south. */
function postgresEngine(db: Awaited<ReturnType<typeof open>>): Engine {
  const writes = (organization: string) =>
    postgresRecordWrites(db, {
      organization,
      instanceId: 'console-a',
      now: () => clockMs,
      uncertain: () => {},
    });
  return { ...postgresRecordRelations(db, 'north'), apply: writes('north').apply, south: writes('south') };
}
const engines: [string, () => Promise<Engine>][] = [
  [
    'SQLite',
    async () => {
      const db = openConsoleDatabase(':memory:');
      const south = createRecordStore(db, { organization: 'south', now: () => clockMs });
      return Object.assign(createRecordStore(db, { organization: 'north', now: () => clockMs }), { south });
    },
  ],
  ['PostgreSQL', async () => postgresEngine(await open(await database()))],
];

const returnOf = (reference: string, originalOrder: string, updated: string): Receive =>
  announcedReceive({
    id: reference,
    primaryReference: reference,
    subtype: 'RET',
    dateLastUpdated: updated,
    additionalReferences: [
      { key: 'note', value: 'SO-7' },
      { key: 'originalOrder', value: originalOrder },
    ],
  });

/** Returns of SO-7 in either letter case (stored newest first), and records that only seem to be. */
async function withReturns(store: Engine) {
  const documents: (Order | Receive)[] = [
    returnOf('RMA-2', 'so-7', '2026-11-22T09:00:00Z'),
    returnOf('RMA-1', 'SO-7', '2026-11-21T09:00:00Z'),
    // Names SO-7 elsewhere, but returns SO-70: not a return of SO-7.
    returnOf('RMA-3', 'SO-70', '2026-11-20T09:00:00Z'),
    // Not a return, though it names SO-7 as its original order.
    announcedReceive({
      id: 'p1',
      primaryReference: 'PO-1',
      additionalReferences: [{ key: 'originalOrder', value: 'SO-7' }],
    }),
  ];
  for (const document of documents) await applyDocument(store, document);
  await applyDocument(store.south, returnOf('RMA-SOUTH', 'SO-7', '2026-11-20T09:00:00Z'));
}

/** Lot L-77 received, then shipped twice (stored out of that order); L-99 elsewhere; L-77 in the south. */
async function withLot(store: Engine) {
  const updated = <D extends Order | Receive>(document: D, at: string): D => ({
    ...document,
    dateLastUpdated: at,
  });
  const shipped = (reference: string, at: string) =>
    updated(orderOf(reference, 'Owen Murphy', [lot(reference === 'SO-LOT-1' ? 'l-77' : 'L-77', 2)], at), at);
  await applyDocument(store, shipped('SO-LOT-2', '2026-11-22T09:00:00Z'));
  await applyDocument(store, updated(receiveOf('PO-LOT', [lot('L-77', 10)]), '2026-11-20T09:00:00Z'));
  await applyDocument(store, shipped('SO-LOT-1', '2026-11-21T09:00:00Z'));
  await applyDocument(store, orderOf('SO-OTHER', 'Bo Chen', [lot('L-99', 1)], '2026-11-22T09:00:00Z'));
  await applyDocument(store.south, receiveOf('PO-SOUTH', [lot('L-77', 10)]));
}

const references = (records: { reference: string }[]) => records.map((record) => record.reference);

describe.each(engines)('the records related to another on %s', (_, makeEngine) => {
  it('are the returns naming an order as their original, in any letter case, oldest change first', async () => {
    const store = await makeEngine();
    await withReturns(store);
    expect(references(await store.returnsOfOrder('so-7', 10))).toEqual(['RMA-1', 'RMA-2']);
    expect(references(await store.returnsOfOrder('SO-7', 1))).toEqual(['RMA-1']);
    expect(references(await store.returnsOfOrder('SO-70', 10))).toEqual(['RMA-3']);
    expect(await store.returnsOfOrder('SO-8', 10)).toEqual([]);
    expect((await store.returnsOfOrder('SO-7', 10))[0]).toMatchObject({ kind: 'return', source: 'sync' });
  });

  it('are what the holders of a lot say of it, in any letter case and spacing, oldest change first', async () => {
    const store = await makeEngine();
    await withLot(store);
    const of = async (value: string, limit: number) => {
      const { entries, truncated } = await store.partEntries(value, limit);
      return { references: references(entries), truncated };
    };
    expect(await of(' l-77 ', 10)).toEqual({
      references: ['PO-LOT', 'SO-LOT-1', 'SO-LOT-2'],
      truncated: false,
    });
    expect(await of('L-77', 2)).toEqual({ references: ['PO-LOT', 'SO-LOT-1'], truncated: true });
    expect(await of('L-99', 10)).toEqual({ references: ['SO-OTHER'], truncated: false });
    expect(await of('NOWHERE', 10)).toEqual({ references: [], truncated: false });
    expect((await store.partEntries('L-77', 1)).entries[0]).toMatchObject({
      movement: 'received',
      attributeKey: 'LOT',
      otherAttributes: [{ key: 'EXP', value: '2028-04-24' }],
    });
  });

  it('forget what a record no longer holds once a newer version drops it', async () => {
    const store = await makeEngine();
    await withLot(store);
    const later = '2026-11-25T11:00:00Z';
    await applyDocument(store, {
      ...orderOf('SO-LOT-1', 'Owen Murphy', [lot('L-78', 2)], later),
      dateLastUpdated: later,
    });
    expect(references((await store.partEntries('L-77', 10)).entries)).toEqual(['PO-LOT', 'SO-LOT-2']);
    expect(references((await store.partEntries('L-78', 10)).entries)).toEqual(['SO-LOT-1']);
  });
});

it('answers the returns of an order and the holders of a lot alike on both engines', async () => {
  const [sqlite, postgres] = await Promise.all(engines.map(async ([, make]) => make()));
  if (!sqlite || !postgres) throw new Error('two engines expected');
  for (const store of [sqlite, postgres]) {
    await fill(store);
    await withReturns(store);
    await withLot(store);
  }
  // The list fixtures' returns name SO-13 to SO-16: their own orders.
  for (const order of ['SO-7', 'so-13', 'SO-16', 'SO-70'])
    expect(await postgres.returnsOfOrder(order, 10), order).toEqual(await sqlite.returnsOfOrder(order, 10));
  for (const value of ['L-77', 'l-99', 'TEE-S'])
    expect(await postgres.partEntries(value, 10), value).toEqual(await sqlite.partEntries(value, 10));
});

it('fills the parts of the records a PostgreSQL index held before it kept them, once migrated', async () => {
  const url = await database();
  const db = await open(url);
  const store = postgresEngine(db);
  await withLot(store);
  const before = await store.partEntries('L-77', 10);
  expect(before.entries).toHaveLength(3);
  await db.query('DELETE FROM record_parts');
  // From the parts' second filling on (the unit costs', the cheaper writes', the stock table's and the party
  // keys' migrations after it run again too).
  await db.query('UPDATE console_schema SET version = version - 5');
  const migrated = await open(url);
  expect(await postgresRecordRelations(migrated, 'north').partEntries('L-77', 10)).toEqual(before);
});

it('writes the postal addresses into the parts a PostgreSQL index kept before its entries held them', async () => {
  const url = await database();
  const db = await open(url);
  const store = postgresEngine(db);
  await withLot(store);
  // As the migration before addresses wrote them: entries without one.
  await db.query(`UPDATE record_parts SET entries = (
    SELECT json_agg(entry::jsonb - 'address')::text FROM json_array_elements(entries::json) AS entry)`);
  const stripped = await store.partEntries('L-77', 10);
  expect(stripped.entries.map((entry) => entry.address)).toEqual([null, null, null]);
  // From the parts' second filling on (the unit costs', the cheaper writes', the stock table's and the party
  // keys' migrations after it run again too).
  await db.query('UPDATE console_schema SET version = version - 5');
  const migrated = await open(url);
  const { entries } = await postgresRecordRelations(migrated, 'north').partEntries('L-77', 10);
  expect(entries.map((entry) => entry.address?.city ?? null)).toEqual(['', 'Denver', 'Denver']);
});
