import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../contract/order';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import { createRecordStore } from '../store/record-store';
import type { RecordStore } from '../store/record-store-port';
import { dropGlanceColumns } from '../testing/before-glance-columns';
import { headCharacters, searchValuesBudgetBytes } from './record-search';
import { readSearchQuery } from './search-terms';

const emptyStore = () => createRecordStore(openConsoleDatabase(':memory:'), { organization: '' });

let minute = 0;
/** Each order newer than the one before, so that newest-first ties are known. */
async function addOrder(store: RecordStore, reference: string, overrides: Partial<Order> = {}) {
  minute++;
  const document = readWarehouseDocument(
    enteredOrder({
      primaryReference: reference,
      dateLastUpdated: new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString(),
      ...overrides,
    }),
  );
  if (isUnreadable(document)) throw new Error(document.reason);
  await store.apply(document, 'sync');
}

const person = (personName: string, contact: { emailAddress?: string; phoneNumber?: string } = {}) => ({
  shipToAddress: { address: { addressLine1: '1 Main St' }, contact: { personName, ...contact } },
});

const found = async (store: RecordStore, q: string, limit = 10) =>
  (await store.search(readSearchQuery(q), { limit })).map(
    ({ record, match }) => `${record.reference} ${match.field}`,
  );

describe('the matches of one customer', () => {
  it('come newest order first, whenever each last changed, and say how many there are in all', async () => {
    const store = emptyStore();
    const owen = person('Owen Murphy', { emailAddress: 'owen.murphy@example.com' });
    // Ordered on the 10th, the 12th and the 11th, each changed after the one before.
    await addOrder(store, 'SO-A', { ...owen, dateCreated: '2026-11-10T09:00:00+00:00' });
    await addOrder(store, 'SO-B', { ...owen, dateCreated: '2026-11-12T09:00:00+00:00' });
    await addOrder(store, 'SO-C', { ...owen, dateCreated: '2026-11-11T09:00:00+00:00' });
    await addOrder(store, 'SO-D', person('Ann Other', { emailAddress: 'ann@example.com' }));
    const { matches, total, totalExact } = await store.searchCounted(
      readSearchQuery('owen.murphy@example.com'),
      {
        limit: 2,
      },
    );
    expect(matches.map(({ record }) => record.reference)).toEqual(['SO-B', 'SO-C']);
    expect([total, totalExact]).toEqual([3, true]);
    const [line] = enteredOrder().orderLines;
    expect(matches[0]?.record).toMatchObject({
      createdMs: Date.parse('2026-11-12T09:00:00Z'),
      glance: {
        items: [{ productCode: line?.productCode, quantity: line?.quantity }],
        lines: enteredOrder().orderLines.length,
        trackingNumbers: [],
        tracked: 0,
      },
    });
  });

  it('count at least the candidates read when there may be more', async () => {
    const store = emptyStore();
    for (let order = 1; order <= 110; order++)
      await addOrder(store, `SO-${order}`, person(`Brenda Webb ${order}`));
    const { matches, total, totalExact } = await store.searchCounted(readSearchQuery('webb'), { limit: 10 });
    expect(matches).toHaveLength(10);
    expect(total).toBeGreaterThanOrEqual(100);
    expect(totalExact).toBe(false);
  });
});

describe('the ranking of a search', () => {
  // Web orders are newer than the customers, so newest-first alone would put them first.
  async function webbsAndWebOrders() {
    const store = emptyStore();
    await addOrder(store, 'SO-1', person('Brenda Webb'));
    await addOrder(store, 'SO-2', person('Karl Weber'));
    for (let index = 3; index <= 6; index++)
      await addOrder(store, `SO-${index}`, { secondaryReference: `WEB-12345${index}` });
    return store;
  }

  it('puts people before references for letters alone', async () => {
    const store = await webbsAndWebOrders();
    expect((await found(store, 'Web')).slice(0, 2)).toEqual([
      'SO-2 shipTo.personName',
      'SO-1 shipTo.personName',
    ]);
    expect(await found(store, 'web')).toHaveLength(6);
    expect(await found(store, 'webb')).toEqual(['SO-1 shipTo.personName']);
  });

  it('finds the people first when hundreds of newer references start the same', async () => {
    const store = emptyStore();
    await addOrder(store, 'SO-1', person('Brenda Webb'));
    for (let index = 0; index < 300; index++)
      await addOrder(store, `SO-${index + 2}`, { secondaryReference: `WEB-${100_000 + index}` });
    expect(await found(store, 'web', 2)).toEqual(['SO-1 shipTo.personName', 'SO-301 secondaryReference']);
  });

  it('puts references first for what is typed as one: a dash, a digit or a #', async () => {
    const store = await webbsAndWebOrders();
    for (const q of ['web-', 'web-1', '#web', '#WEB-123453'])
      expect((await found(store, q))[0], q).toMatch(/^SO-[3-6] secondaryReference$/);
    expect(await found(store, 'web-123453')).toEqual(['SO-3 secondaryReference']);
  });

  it('ranks an exact primary reference first, typed as a name or not', async () => {
    const store = await webbsAndWebOrders();
    await addOrder(store, 'WEBER');
    expect((await found(store, 'weber'))[0]).toBe('WEBER primaryReference');
    expect((await found(store, 'Weber'))[1]).toBe('SO-2 shipTo.personName');
  });

  it('finds the field of a record that ranks best for the query', async () => {
    const store = emptyStore();
    await addOrder(store, 'SO-1', { ...person('Karl Weber'), secondaryReference: 'WEB-100' });
    expect(await found(store, 'web')).toEqual(['SO-1 shipTo.personName']);
    expect(await found(store, 'web-1')).toEqual(['SO-1 secondaryReference']);
  });
});

describe('exact emails and phone numbers', () => {
  it('are found whatever their case and format, and no longer once the record changes them', async () => {
    const store = emptyStore();
    await addOrder(
      store,
      'SO-1',
      person('Jane Doe', { emailAddress: 'Jane.Doe@Example.com', phoneNumber: '+33 1 99 50 84 69' }),
    );
    await addOrder(store, 'SO-2', person('John Doe', { emailAddress: 'jane.doe@example.community' }));
    expect(await found(store, 'JANE.DOE@example.com')).toEqual([
      'SO-1 shipTo.emailAddress',
      'SO-2 shipTo.emailAddress',
    ]);
    expect(await found(store, '01 99 50 84 69')).toEqual(['SO-1 shipTo.phoneNumber']);
    expect(await found(store, '+33199508469')).toEqual(['SO-1 shipTo.phoneNumber']);
    await addOrder(
      store,
      'SO-1',
      person('Jane Doe', { emailAddress: 'jd@example.org', phoneNumber: '+33 1 99 50 84 70' }),
    );
    expect(await found(store, 'jane.doe@example.com')).toEqual(['SO-2 shipTo.emailAddress']);
    expect(await found(store, '01 99 50 84 69')).toEqual([]);
    expect(await found(store, 'jd@example.org')).toEqual(['SO-1 shipTo.emailAddress']);
  });
});

describe('a database written before exact emails and phones were kept apart', () => {
  it('holds them all once it is opened again', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'record-search-'));
    try {
      const file = join(directory, 'console.db');
      const db = openConsoleDatabase(file);
      const store = createRecordStore(db, { organization: '' });
      await addOrder(
        store,
        'SO-1',
        person('Jane Doe', { emailAddress: 'Jane@Example.com', phoneNumber: '+1 (555) 010-2030' }),
      );
      await addOrder(store, 'SO-2', person('John Doe', { emailAddress: 'john@example.com' }));
      await addOrder(store, 'SO-3', {
        shipToAddress: {
          address: { addressLine1: '1 Main St' },
          contact: { mobileNumber: '+44 7700 900123' },
        },
      });
      const exactValues = (of: typeof db) =>
        of.prepare('SELECT value, record_id FROM record_exact_values ORDER BY value, record_id').all();
      const written = exactValues(db);
      expect(written).toContainEqual({ value: 'janeexamplecom', record_id: 1 });
      expect(written).toContainEqual({ value: '5550102030', record_id: 1 });
      expect(written).toContainEqual({ value: '447700900123', record_id: 3 });
      // As the schema stood before the exact values' migration.
      db.exec(dropGlanceColumns);
      db.exec('DROP TABLE record_exact_values');
      db.exec('ALTER TABLE records DROP COLUMN refundable');
      db.exec('DROP TABLE record_parts');
      db.pragma('user_version = 8');
      db.close();
      const upgraded = openConsoleDatabase(file);
      expect(exactValues(upgraded)).toEqual(written);
      upgraded.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('a search over large records', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Orders of one customer, each with `serials` serial numbers: about 100 bytes of search values each. */
  async function largeOrders(count: number, serials: number) {
    const store = emptyStore();
    const partAttributes = (order: number) =>
      Array.from({ length: serials }, (_, index) => ({
        key: 'SN',
        value: `SN${order}X${index}Y${'7'.repeat(12)}`,
      }));
    for (let order = 1; order <= count; order++) {
      const [tee, camera] = enteredOrder().orderLines as [
        Order['orderLines'][number],
        Order['orderLines'][number],
      ];
      await addOrder(store, `SO-${order}`, {
        ...person('Brenda Webb'),
        orderLines: [{ ...tee, partAttributes: partAttributes(order) }, camera],
      });
    }
    return store;
  }

  it('parses no document, and past a budget only the head of each candidate, finding every one', async () => {
    const store = await largeOrders(40, 2_000);
    const parse = vi.spyOn(JSON, 'parse');
    const matches = await store.search(readSearchQuery('webb'), { limit: 40 });
    // Each match's glance is read too: under a few hundred bytes.
    const [glances, parsed] = [true, false].map((glance) =>
      parse.mock.calls
        .filter(([text]) => text.startsWith('{"items"') === glance)
        .map(([text]) => Buffer.byteLength(text)),
    ) as [number[], number[]];
    expect(glances).toHaveLength(40);
    expect(Math.max(...glances)).toBeLessThan(300);
    expect(matches).toHaveLength(40);
    expect(new Set(matches.map((match) => match.match.field))).toEqual(new Set(['shipTo.personName']));
    const whole = parsed.filter((bytes) => bytes > 4 * headCharacters);
    expect(whole.reduce((sum, bytes) => sum + bytes, 0)).toBeLessThanOrEqual(searchValuesBudgetBytes);
    // The budget cut this search short: the other candidates were ranked by their heads.
    expect(whole.length).toBeGreaterThan(0);
    expect(whole.length).toBeLessThan(10);
    expect(parsed).toHaveLength(40);
  });

  it('still finds a serial number at the end of a large record', async () => {
    const store = await largeOrders(3, 2_000);
    expect(await found(store, 'sn2x1999y777777777777')).toEqual(['SO-2 partAttributes.SN']);
    expect(await found(store, 'sn2x1999')).toEqual(['SO-2 partAttributes.SN']);
  });
});
