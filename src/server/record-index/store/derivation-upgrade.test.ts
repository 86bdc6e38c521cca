import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/order';
import { announcedReceive, enteredOrder } from '../../../sandbox/testing/test-documents';
import { shippedShortOrder } from '../../../testing/order-fixtures';
import { buildReturn } from '../../../testing/receive-fixtures';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import { upgradeDerivedColumns } from './derivation-upgrade';
import { createRecordStore } from './record-store';

const shipment = enteredOrder().shipments[0] as Order['shipments'][number];
/** A split order: line 1 shipped whole, line 2 on a shipment the warehouse canceled. */
const splitOrder = enteredOrder({
  primaryReference: 'SO-SPLIT',
  status: 'FIN',
  dateLastUpdated: '2026-11-21T10:00:00Z',
  shipments: [
    {
      ...shipment,
      id: 'ship-1',
      status: 'FIN',
      actualShipDate: '2026-11-21T09:00:00Z',
      shipmentLines: [{ lineNumber: '1', productCode: 'TEE-S', quantity: 3 }],
    },
    {
      ...shipment,
      id: 'ship-2',
      status: 'CAN',
      shipmentLines: [{ lineNumber: '2', productCode: 'CAM-1', quantity: 2 }],
    },
  ] as Order['shipments'],
});

/** A console database with the split order as the rules before 81360f0 derived it: shipped short. */
async function databaseOfTheOldRules() {
  const db = openConsoleDatabase(':memory:');
  await upgradeDerivedColumns(db);
  const store = createRecordStore(db, { organization: 'north' });
  const read = readWarehouseDocument(splitOrder);
  if (isUnreadable(read)) throw new Error(read.reason);
  await store.apply(read, 'sync');
  db.prepare("UPDATE records SET state = 'shipped_short', short = 1 WHERE reference = 'SO-SPLIT'").run();
  return db;
}

const columnsOf = (db: ReturnType<typeof openConsoleDatabase>) =>
  db.prepare("SELECT state, short, over, finished_ms FROM records WHERE reference = 'SO-SPLIT'").get();

describe('rows derived under older rules', () => {
  it('are derived again when a database written before the change is upgraded', async () => {
    const db = await databaseOfTheOldRules();
    db.prepare("DELETE FROM sync_state WHERE name = 'index.derivation'").run();
    await upgradeDerivedColumns(db);
    const store = createRecordStore(db, { organization: 'north' });
    expect(columnsOf(db)).toEqual({
      state: 'shipped',
      short: 0,
      over: 0,
      finished_ms: Date.parse('2026-11-21T09:00:00Z'),
    });
    expect((await store.find('order', 'SO-SPLIT'))?.state).toBe('shipped');
  });

  it('are left alone once the database is up to date: a later upgrade rewrites nothing', async () => {
    const db = await databaseOfTheOldRules();
    expect(await upgradeDerivedColumns(db)).toBe(0);
    expect(columnsOf(db)).toMatchObject({ state: 'shipped_short', short: 1 });
  });
});

describe('the units a return has to refund, kept since the third derivation', () => {
  it('are worked out for the returns of a database written before, order by order', async () => {
    const db = openConsoleDatabase(':memory:');
    const store = createRecordStore(db, { organization: 'north' });
    const apply = async (document: unknown) => {
      const read = readWarehouseDocument(document);
      if (isUnreadable(read)) throw new Error(read.reason);
      await store.apply(read, 'sync');
    };
    // SO-1001 shipped 2 TENT-2P: RMA-1 received both first, RMA-2 the same two again.
    await apply(shippedShortOrder);
    const back = (reference: string, created: string, originalOrder = 'SO-1001') =>
      buildReturn({
        reference,
        originalOrder,
        status: 'FIN',
        dateCreated: created,
        announced: { 'TENT-2P': 2 },
        received: { 'TENT-2P': 2 },
      });
    await apply(back('RMA-1', '2026-11-22T10:00:00Z'));
    await apply(back('RMA-2', '2026-11-23T10:00:00Z'));
    await apply(back('RMA-3', '2026-11-23T10:00:00Z', 'SO-ELSEWHERE'));
    const refundable = () =>
      db.prepare("SELECT reference, refundable FROM records WHERE kind = 'return' ORDER BY reference").all();
    const worked = [
      { reference: 'RMA-1', refundable: 2 },
      { reference: 'RMA-2', refundable: 0 },
      { reference: 'RMA-3', refundable: 2 },
    ];
    expect(refundable()).toEqual(worked);
    // As the migration that added the column left the rows, under the derivation before it.
    db.prepare('UPDATE records SET refundable = NULL').run();
    db.prepare("INSERT OR REPLACE INTO sync_state (name, value) VALUES ('index.derivation', '1')").run();
    await upgradeDerivedColumns(db);
    expect(refundable()).toEqual(worked);
  });
});

describe("a receive's supplier, units short and over, and glance, kept since the fourth derivation", () => {
  it('are derived for the records of a database written before', async () => {
    const db = openConsoleDatabase(':memory:');
    const store = createRecordStore(db, { organization: 'north' });
    const read = readWarehouseDocument(
      announcedReceive({
        primaryReference: 'PO-PEAK',
        status: 'FIN',
        dateCreated: '2026-11-18T08:00:00+00:00',
        shipFromAddress: { address: { organization: 'Peak Naturals' }, contact: { personName: 'Logistics' } },
      }),
    );
    if (isUnreadable(read)) throw new Error(read.reason);
    await store.apply(read, 'sync');
    const derived = () =>
      db
        .prepare(
          "SELECT title, units_short, units_over, created_ms, glance FROM records WHERE reference = 'PO-PEAK'",
        )
        .get();
    const expected = derived();
    expect(expected).toMatchObject({
      title: 'Peak Naturals',
      units_short: read.unitsShort,
      created_ms: Date.parse('2026-11-18T08:00:00Z'),
    });
    expect(read.unitsShort).toBeGreaterThan(0);
    // As the migration that added the columns left the rows, under the derivation before it.
    db.prepare(
      `UPDATE records SET title = 'Logistics', units_short = 0, units_over = 0, created_ms = NULL,
         glance = '{"items":[],"lines":0,"trackingNumbers":[],"tracked":0}'`,
    ).run();
    db.prepare("INSERT OR REPLACE INTO sync_state (name, value) VALUES ('index.derivation', '2')").run();
    await upgradeDerivedColumns(db);
    expect(derived()).toEqual(expected);
  });
});

describe('an upgrade of a large index', () => {
  /** A database of `count` orders, all written under the derivation before the glance columns. */
  async function oldIndexOf(count: number) {
    const db = openConsoleDatabase(':memory:');
    const store = createRecordStore(db, { organization: 'north' });
    await store.applyAll(
      Array.from({ length: count }, (_, index) => {
        const read = readWarehouseDocument(enteredOrder({ primaryReference: `SO-${index}` }));
        if (isUnreadable(read)) throw new Error(read.reason);
        return read;
      }),
      'sync',
    );
    db.prepare('UPDATE records SET created_ms = NULL').run();
    db.prepare("INSERT OR REPLACE INTO sync_state (name, value) VALUES ('index.derivation', '2')").run();
    return db;
  }
  const stillOld = (db: ReturnType<typeof openConsoleDatabase>) =>
    db.prepare('SELECT count(*) FROM records WHERE created_ms IS NULL').pluck().get();
  const derivation = (db: ReturnType<typeof openConsoleDatabase>) =>
    db.prepare("SELECT value FROM sync_state WHERE name = 'index.derivation'").pluck().get();

  it('gives way between batches of rows, so that requests are answered meanwhile', async () => {
    const db = await oldIndexOf(600);
    const batchesLeft: unknown[] = [];
    const changed = await upgradeDerivedColumns(db, {
      pause: async () => {
        batchesLeft.push(stillOld(db));
      },
    });
    expect(changed).toBe(600);
    // Three batches of at most 250 rows, each after a pause.
    expect(batchesLeft).toEqual([600, 350, 100]);
    expect(stillOld(db)).toBe(0);
    expect(derivation(db)).toBe('5');
  });

  it('stopped half way, records nothing and does the rest at the next start', async () => {
    const db = await oldIndexOf(600);
    let pauses = 0;
    await upgradeDerivedColumns(db, { pause: async () => void pauses++, stopped: () => pauses > 1 });
    expect(stillOld(db)).toBe(350);
    expect(derivation(db)).toBe('2');
    expect(await upgradeDerivedColumns(db)).toBe(350);
    expect(stillOld(db)).toBe(0);
  });
});
