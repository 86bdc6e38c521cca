import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../contract/order';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { type IndexedDocument, isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import { readSearchQuery } from '../search/search-terms';
import { createRecordStore } from './record-store';
import type { RecordStore } from './record-store-port';

function read(document: Order): IndexedDocument {
  const indexed = readWarehouseDocument(document);
  if (isUnreadable(indexed)) throw new Error(indexed.reason);
  return indexed;
}

const sources = async (store: RecordStore, reference: string) => {
  const record = await store.find('order', reference);
  if (!record) throw new Error(`${reference} is not indexed`);
  const { entries } = await store.activity(record, { before: null, limit: 10 });
  return entries.map(({ source, person, state }) => ({ source, person, state }));
};

const entered = enteredOrder({ primaryReference: 'SO-8', dateLastUpdated: '2026-11-21T08:00:00Z' });
const held = enteredOrder({
  primaryReference: 'SO-8',
  dateLastUpdated: '2026-11-21T08:05:00Z',
  shipments: [{ ...(entered.shipments[0] as Order['shipments'][number]), status: 'HEL' }],
});

describe('who made a change, whichever of the webhook and the console answer is stored first', () => {
  it('gives the change to the person when the webhook stored the same version first', async () => {
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
    await store.apply(read(entered), 'sync');
    expect(await store.apply(read(held), 'webhook')).toBe('stored');
    expect(await store.apply(read(held), 'console', { person: 'ana' })).toBe('duplicate');
    expect(await sources(store, 'SO-8')).toEqual([
      { source: 'console', person: 'ana', state: 'held' },
      { source: 'sync', person: null, state: 'entered' },
    ]);
  });

  it('keeps the person when the webhook comes second, and the webhook when nobody signed in', async () => {
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
    await store.apply(read(entered), 'console', { person: 'ana' });
    expect(await store.apply(read(entered), 'webhook')).toBe('duplicate');
    await store.apply(read(held), 'webhook');
    expect(await store.apply(read(held), 'console')).toBe('duplicate');
    expect(await sources(store, 'SO-8')).toEqual([
      { source: 'webhook', person: null, state: 'held' },
      { source: 'console', person: 'ana', state: 'entered' },
    ]);
  });
});

const shipment = entered.shipments[0] as Order['shipments'][number];
const shippedWith = (minute: number, trackingNumbers: string[]) =>
  enteredOrder({
    primaryReference: 'SO-8',
    status: 'FIN',
    dateLastUpdated: `2026-11-21T08:${String(minute).padStart(2, '0')}:00Z`,
    shipments: trackingNumbers.map((trackingNumber, index) => ({
      ...shipment,
      id: `shipment-${index}`,
      status: 'FIN',
      trackingDetail: { carrierCode: 'UPS', trackingNumber },
    })),
  });

describe("a change's details", () => {
  it('are read without parsing either version when the order did not go on hold', async () => {
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
    await store.apply(read(entered), 'sync');
    const shipped = read(shippedWith(10, ['1Z-ONE', '1Z-TWO']));
    const parse = vi.spyOn(JSON, 'parse');
    try {
      await store.apply(shipped, 'webhook');
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    const record = await store.find('order', 'SO-8');
    expect(record && (await store.activity(record, { before: null, limit: 1 })).entries[0]?.details).toEqual({
      trackingAdded: ['1Z-ONE', '1Z-TWO'],
      shipmentsAdded: 1,
      holdReason: null,
    });
  });

  it('name only the tracking numbers the stored version lacked, however they are spelled', async () => {
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
    await store.apply(read(shippedWith(10, ['A"B', 'C\\D'])), 'sync');
    await store.apply(read(shippedWith(11, ['A"B', 'C\\D', 'AB', 'A"B","tracking'])), 'webhook');
    const record = await store.find('order', 'SO-8');
    expect(record && (await store.activity(record, { before: null, limit: 1 })).entries[0]?.details).toEqual({
      trackingAdded: ['AB', 'A"B","tracking'],
      shipmentsAdded: 2,
      holdReason: null,
    });
  });
});

describe("webhook deliveries' search terms", () => {
  const customer = (index: number) =>
    read(
      enteredOrder({
        primaryReference: `SO-${900 + index}`,
        shipToAddress: {
          address: { addressLine1: '1 Main St' },
          contact: { personName: `Quinn Customer${index}` },
        },
      }),
    );
  /**
   * As the webhook intake stores deliveries: committed and answered, then in the next turn their terms
   * when enough wait.
   */
  const receive = async (store: RecordStore, documents: IndexedDocument[]) => {
    await store.receiveAll(documents.map((document) => ({ document, bytes: 100 })));
    await new Promise((resolve) => setImmediate(resolve));
  };
  const foundBy = async (store: RecordStore, q: string) =>
    (await store.search(readSearchQuery(q), { limit: 50 })).map(({ record }) => record.reference);

  it("are written once 32 records wait, or about 100 ms after the first; a console change's at once", async () => {
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
    await receive(
      store,
      Array.from({ length: 31 }, (_, index) => customer(index)),
    );
    expect((await store.find('order', 'SO-930'))?.reference).toBe('SO-930');
    expect(await foundBy(store, 'quinn')).toEqual([]);
    await receive(store, [customer(31)]);
    expect(await foundBy(store, 'quinn')).toHaveLength(32);

    const startedMs = performance.now();
    await receive(store, [customer(32)]);
    expect(await foundBy(store, 'customer32')).toEqual([]);
    await vi.waitFor(async () => expect(await foundBy(store, 'customer32')).toEqual(['SO-932']), {
      interval: 5,
    });
    expect(performance.now() - startedMs).toBeLessThan(500);

    await receive(store, [customer(33)]);
    await store.apply(customer(34), 'console');
    expect(await foundBy(store, 'customer34')).toEqual(['SO-934']);
    expect(await foundBy(store, 'customer33')).toEqual([]);
  });

  it('are replaced once by a sync that stores a newer version before they were written', async () => {
    const db = openConsoleDatabase(':memory:');
    const store = createRecordStore(db, { organization: 'north' });
    const renamed = (minute: number, personName: string) =>
      read(
        enteredOrder({
          primaryReference: 'SO-940',
          dateLastUpdated: `2026-11-21T08:${String(minute).padStart(2, '0')}:00Z`,
          shipToAddress: { address: { addressLine1: '1 Main St' }, contact: { personName } },
        }),
      );
    await receive(store, [renamed(1, 'Robin Early')]);
    await store.applyAll([renamed(2, 'Sasha Later')], 'sync');
    expect(await foundBy(store, 'sasha')).toEqual(['SO-940']);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await foundBy(store, 'robin')).toEqual([]);
    // What the full-text index holds, not only what search makes of it: the old name's terms never written.
    db.exec("CREATE VIRTUAL TABLE temp.term_rows USING fts5vocab(main, 'record_terms', 'row')");
    expect(db.prepare("SELECT term, doc FROM term_rows WHERE term IN ('robin', 'sasha')").all()).toEqual([
      { term: 'sasha', doc: 1 },
    ]);
  });

  it('left waiting by a console that stopped are written when it opens the index again', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'terms-due-'));
    try {
      const file = join(directory, 'console.db');
      const before = openConsoleDatabase(file);
      await createRecordStore(before, { organization: 'north' }).receiveAll([
        { document: customer(1), bytes: 100 },
      ]);
      before.close();
      const db = openConsoleDatabase(file);
      const store = createRecordStore(db, { organization: 'north' });
      await vi.waitFor(async () => expect(await foundBy(store, 'quinn')).toEqual(['SO-901']), {
        interval: 5,
      });
      db.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('which version the index keeps', () => {
  const clockMs = Date.parse('2026-11-21T08:10:00Z');
  const storeNoting = () => {
    const store = createRecordStore(openConsoleDatabase(':memory:'), {
      organization: 'north',
      now: () => clockMs,
    });
    const uncertain: string[] = [];
    store.onUncertain((family, reference) => uncertain.push(`${family} ${reference}`));
    return { store, uncertain };
  };
  const version = (dateLastUpdated: string, status: 'HEL' | 'PIC' | 'FIN') =>
    read(
      enteredOrder({
        primaryReference: 'SO-8',
        dateLastUpdated,
        shipments: [{ ...shipment, status }],
      }),
    );
  // 'PIC' sorts after 'FIN' in the text: greater text is no sign of the later version.
  const shipped = version('2026-11-21T08:05:00Z', 'FIN');
  const picking = version('2026-11-21T08:05:00Z', 'PIC');

  it('asks the operator about two webhook versions of one second, and keeps the later delivery meanwhile', async () => {
    const { store, uncertain } = storeNoting();
    expect(await store.apply(picking, 'webhook')).toBe('stored');
    expect(await store.apply(shipped, 'webhook')).toBe('stored');
    expect((await store.find('order', 'SO-8'))?.document).toEqual(shipped.document);
    expect(uncertain).toEqual(['order SO-8']);
  });

  it('takes a read of the operator over a webhook of its second, and a later webhook of it only after a read', async () => {
    const { store, uncertain } = storeNoting();
    await store.apply(picking, 'webhook');
    expect(await store.apply(shipped, 'lookup')).toBe('stored');
    expect(await store.apply(picking, 'webhook')).toBe('stale');
    expect((await store.find('order', 'SO-8'))?.document).toEqual(shipped.document);
    expect(uncertain).toEqual(['order SO-8']);
  });

  it('takes a sync page over another version of its second, and asks the operator: the page may be older', async () => {
    const { store, uncertain } = storeNoting();
    await store.apply(shipped, 'webhook');
    expect(await store.apply(picking, 'sync')).toBe('stored');
    expect(uncertain).toEqual(['order SO-8']);
    expect(await store.apply(shipped, 'lookup')).toBe('stored');
    expect(await store.apply(shipped, 'sync')).toBe('duplicate');
    expect(uncertain).toEqual(['order SO-8']);
  });

  it('leaves the version of its second stored while a read was under way, and asks the operator again', async () => {
    const { store, uncertain } = storeNoting();
    // The person's correction is stored while a drift check, read-back or sync page is on its way back.
    await store.apply(shipped, 'console', { person: 'ana' });
    for (const source of ['lookup', 'sync'] as const) {
      expect(await store.apply(picking, source, { readStartedMs: clockMs - 50 })).toBe('stale');
      expect(await store.apply(picking, source, { readStartedMs: clockMs })).toBe('stale');
    }
    expect((await store.find('order', 'SO-8'))?.document).toEqual(shipped.document);
    expect(uncertain).toEqual(['order SO-8', 'order SO-8', 'order SO-8', 'order SO-8']);
    // Begun after it was stored, a read is the truth again.
    expect(await store.apply(picking, 'lookup', { readStartedMs: clockMs + 1 })).toBe('stored');
    // An older version stays older, whenever its read began.
    expect(
      await store.apply(version('2026-11-21T08:04:59Z', 'HEL'), 'lookup', { readStartedMs: clockMs + 1 }),
    ).toBe('stale');
  });

  it('drops an older version whatever its text, and asks nothing', async () => {
    const { store, uncertain } = storeNoting();
    await store.apply(version('2026-11-21T08:06:00Z', 'FIN'), 'webhook');
    expect(await store.apply(version('2026-11-21T08:05:59Z', 'PIC'), 'webhook')).toBe('stale');
    expect(await store.apply(version('2026-11-21T08:05:59Z', 'PIC'), 'sync')).toBe('stale');
    expect(uncertain).toEqual([]);
  });

  it('lets no version dated ahead of the clock block a read, and asks about the webhooks it makes look stale', async () => {
    const { store, uncertain } = storeNoting();
    const ahead = version('2026-11-21T09:00:00Z', 'PIC');
    expect(await store.apply(ahead, 'webhook')).toBe('stored');
    expect(uncertain).toEqual(['order SO-8']);
    expect(await store.apply(shipped, 'webhook')).toBe('stale');
    expect(uncertain).toEqual(['order SO-8', 'order SO-8']);
    expect(await store.apply(shipped, 'lookup')).toBe('stored');
    expect((await store.find('order', 'SO-8'))?.document).toEqual(shipped.document);
    // A few minutes ahead is a clock a little off, not a version that blocks.
    const { store: near } = storeNoting();
    await near.apply(version('2026-11-21T08:14:00Z', 'PIC'), 'webhook');
    expect(await near.apply(shipped, 'lookup')).toBe('stale');
  });
});
