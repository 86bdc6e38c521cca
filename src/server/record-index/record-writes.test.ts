import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../contract/order';
import { enteredOrder } from '../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../console-db';
import { type IndexedDocument, isUnreadable, readWarehouseDocument } from './indexed-document';
import { createRecordStore, type RecordStore } from './record-store';

function read(document: Order): IndexedDocument {
  const indexed = readWarehouseDocument(document);
  if (isUnreadable(indexed)) throw new Error(indexed.reason);
  return indexed;
}

const sources = (store: RecordStore, reference: string) => {
  const record = store.find('order', reference);
  if (!record) throw new Error(`${reference} is not indexed`);
  return store
    .activity(record, { before: null, limit: 10 })
    .entries.map(({ source, person, state }) => ({ source, person, state }));
};

const entered = enteredOrder({ primaryReference: 'SO-8', dateLastUpdated: '2026-11-21T08:00:00Z' });
const held = enteredOrder({
  primaryReference: 'SO-8',
  dateLastUpdated: '2026-11-21T08:05:00Z',
  shipments: [{ ...(entered.shipments[0] as Order['shipments'][number]), status: 'HEL' }],
});

describe('who made a change, whichever of the webhook and the console answer is stored first', () => {
  it('gives the change to the person when the webhook stored the same version first', () => {
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
    store.apply(read(entered), 'sync');
    expect(store.apply(read(held), 'webhook')).toBe('stored');
    expect(store.apply(read(held), 'console', 'ana')).toBe('duplicate');
    expect(sources(store, 'SO-8')).toEqual([
      { source: 'console', person: 'ana', state: 'held' },
      { source: 'sync', person: null, state: 'entered' },
    ]);
  });

  it('keeps the person when the webhook comes second, and the webhook when nobody signed in', () => {
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
    store.apply(read(entered), 'console', 'ana');
    expect(store.apply(read(entered), 'webhook')).toBe('duplicate');
    store.apply(read(held), 'webhook');
    expect(store.apply(read(held), 'console')).toBe('duplicate');
    expect(sources(store, 'SO-8')).toEqual([
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
  it('are read without parsing either version when the order did not go on hold', () => {
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
    store.apply(read(entered), 'sync');
    const shipped = read(shippedWith(10, ['1Z-ONE', '1Z-TWO']));
    const parse = vi.spyOn(JSON, 'parse');
    try {
      store.apply(shipped, 'webhook');
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    const record = store.find('order', 'SO-8');
    expect(record && store.activity(record, { before: null, limit: 1 }).entries[0]?.details).toEqual({
      trackingAdded: ['1Z-ONE', '1Z-TWO'],
      shipmentsAdded: 1,
      holdReason: null,
    });
  });

  it('name only the tracking numbers the stored version lacked, however they are spelled', () => {
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
    store.apply(read(shippedWith(10, ['A"B', 'C\\D'])), 'sync');
    store.apply(read(shippedWith(11, ['A"B', 'C\\D', 'AB', 'A"B","tracking'])), 'webhook');
    const record = store.find('order', 'SO-8');
    expect(record && store.activity(record, { before: null, limit: 1 }).entries[0]?.details).toEqual({
      trackingAdded: ['AB', 'A"B","tracking'],
      shipmentsAdded: 2,
      holdReason: null,
    });
  });
});
