import { beforeAll, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import type { Order } from '../../../../contract/order';
import type { Product } from '../../../../contract/product';
import type { Receive } from '../../../../contract/receive';
import { listAll, seededDemoSandbox } from '../../../../sandbox/testing/demo-sandbox';
import { enteredOrder } from '../../../../sandbox/testing/test-documents';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import { openConsoleDatabase } from '../../../store/sqlite/console-db';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import {
  type IndexedDocument,
  isUnreadable,
  readProductDocument,
  readWarehouseDocument,
} from '../../records/indexed-document';
import { readSearchQuery } from '../../search/search-terms';
import { readOrder } from '../../testing/version-sequences';
import { createRecordStore } from '../record-store';
import { postgresRecordSearch } from './postgres-record-search';
import { postgresRecordWrites } from './postgres-record-writes';
import { idsPerBucket } from './postgres-search-terms';

const { database, open } = postgresPerTest();

/** The index's writes for the organization these tests search. */
const writesOf = (db: PostgresDatabase) =>
  postgresRecordWrites(db, { organization: 'north', instanceId: 'console-a', uncertain: () => {} });

/** The demo sandbox's products, orders, receives and returns, as the index reads them. */
let documents: IndexedDocument[] = [];
beforeAll(async () => {
  const sandbox = await seededDemoSandbox(new Date('2026-11-22T12:00:00Z'));
  const products = await listAll<Product>(sandbox, '/warehouse/v1/products', 'products');
  const bodies = [
    ...(await listAll<Order>(sandbox, '/warehouse/v1/orders', 'orders')),
    ...(await listAll<Receive>(sandbox, '/warehouse/v1/receives', 'receives')),
  ];
  documents = [...products.map(readProductDocument), ...bodies.map(readWarehouseDocument)].flatMap(
    (indexed) => (isUnreadable(indexed) ? [] : [indexed]),
  );
}, budgets.largeIndex);

/** An order of `personName`'s, as the index reads it. */
const customer = (reference: string, personName: string) =>
  readOrder(
    enteredOrder({
      primaryReference: reference,
      shipToAddress: { address: { addressLine1: '1 Main St' }, contact: { personName } },
    }),
  );

/** The first value of a field whose name passes `test`, as a person would type it. */
function typedValue(test: (field: string) => boolean, skip = 0): string {
  const values = documents.flatMap(({ searchValues }) =>
    searchValues.filter(({ field, value }) => test(field) && value !== '').map(({ value }) => value),
  );
  const value = values[skip];
  if (value === undefined) throw new Error('the demo data has no such value');
  return value;
}

// Over buckets of ids one after the other, a search reads them newest first in windows of 1, 4 and 16 buckets, then the rest.
it.each([
  { layout: 'ids in one bucket', bucketsBetweenPages: 0 },
  { layout: 'ids spread over 23 buckets', bucketsBetweenPages: 1 },
])(
  'answers the same records in the same order as SQLite, for references, contacts, names, tracking and serials ($layout)',
  async ({ bucketsBetweenPages }) => {
    expect(documents).toHaveLength(230);
    const sqlite = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
    const db = await open(await database());
    const writes = writesOf(db);
    // In pages, as a sync stores them, and in the same order on both: ids break ties alike.
    for (let start = 0; start < documents.length; start += 10) {
      const page = documents.slice(start, start + 10);
      sqlite.applyAll(page, 'sync');
      await writes.applyAll(page, 'sync');
      await db.query(
        `SELECT setval(pg_get_serial_sequence('records', 'id'), (SELECT max(id) FROM records) + $1)`,
        [bucketsBetweenPages * idsPerBucket],
      );
    }
    const { rows } = await db.query<{ buckets: string }>(
      `SELECT max(id) / ${idsPerBucket} - min(id) / ${idsPerBucket} AS buckets FROM records`,
    );
    expect(Number(rows[0]?.buckets)).toBe(bucketsBetweenPages * 22);
    const search = postgresRecordSearch(db, 'north');

    const reference = typedValue((field) => field === 'primaryReference');
    const person = typedValue((field) => field.endsWith('personName'));
    const [firstName = '', lastName = ''] = person.split(' ');
    const queries = [
      reference,
      `#${reference.toLowerCase()}`,
      reference.slice(0, 4),
      typedValue((field) => field.endsWith('emailAddress')),
      typedValue((field) => field.endsWith('emailAddress')).slice(0, 6),
      firstName.slice(0, 3),
      `${firstName} ${lastName.slice(0, 2)}`,
      typedValue((field) => field.endsWith('phoneNumber')),
      typedValue((field) => field.endsWith('phoneNumber'))
        .replace(/\D/g, '')
        .slice(-7),
      typedValue((field) => field === 'trackingNumber'),
      typedValue((field) => field === 'trackingNumber', 3).slice(0, 8),
      typedValue((field) => field.startsWith('partAttributes.')),
      typedValue((field) => field === 'productCode'),
      typedValue((field) => field.endsWith('postalCode')),
      'web',
      'so-1',
    ];
    for (const q of queries) {
      for (const options of [{ limit: 20 }, { limit: 5, offset: 5 }, { limit: 20, kind: 'order' as const }]) {
        const expected = await sqlite.searchCounted(readSearchQuery(q), options);
        const answered = await search(readSearchQuery(q), options);
        const shown = ({ matches, total, totalExact }: typeof expected) => ({
          matches: matches.map(({ record, match }) => `${record.reference} ${match.field} ${match.exact}`),
          total,
          totalExact,
        });
        expect(shown(answered), `${q} ${JSON.stringify(options)}`).toEqual(shown(expected));
        if (!options.offset && !options.kind) expect(expected.matches.length, q).toBeGreaterThan(0);
      }
    }
    // What a match shows is read alike too.
    const [sqliteMatch] = await sqlite.search(readSearchQuery(reference), { limit: 1 });
    const [postgresMatch] = (await search(readSearchQuery(reference), { limit: 1 })).matches;
    expect({ ...postgresMatch?.record, id: 0 }).toEqual({ ...sqliteMatch?.record, id: 0 });
  },
);

it('finds the names a query ranks first among many newer references that share their start, as SQLite does', async () => {
  const webbs = ['Ada Webb', 'Bo Webber', 'Cy Webster'].map((name, index) => customer(`SO-${index}`, name));
  const references = Array.from({ length: 150 }, (_, index) => customer(`WEB-${1000 + index}`, 'Dee Other'));
  const sqlite = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
  const db = await open(await database());
  const writes = writesOf(db);
  await sqlite.applyAll([...webbs, ...references], 'sync');
  await writes.applyAll([...webbs, ...references], 'sync');
  const search = postgresRecordSearch(db, 'north');
  for (const q of ['web', 'webb', 'WEB-1', 'ada web']) {
    const expected = (await sqlite.search(readSearchQuery(q), { limit: 10 })).map(
      ({ record }) => record.reference,
    );
    const answered = (await search(readSearchQuery(q), { limit: 10 })).matches.map(
      ({ record }) => record.reference,
    );
    expect(answered, q).toEqual(expected);
  }
  expect(
    (await search(readSearchQuery('web'), { limit: 3 })).matches.map(({ record }) => record.title),
  ).toEqual(['Cy Webster', 'Bo Webber', 'Ada Webb']);
});

it('finds the newest of a name many older records share when the newest buckets hold none, as SQLite does', async () => {
  // More older matches than one bounded read takes, then buckets of ids with none, then a few others.
  const older = Array.from({ length: 1_200 }, (_, index) => customer(`OLD-${1000 + index}`, 'Kim Oldfield'));
  const newer = Array.from({ length: 10 }, (_, index) => customer(`NEW-${index}`, 'Dee Other'));
  const sqlite = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
  const db = await open(await database());
  const writes = writesOf(db);
  await sqlite.applyAll([...older, ...newer], 'sync');
  // Past the first windows of buckets a search reads, so that it judges what is older by what it read.
  const skipBuckets = (buckets: number) =>
    db.query(`SELECT setval(pg_get_serial_sequence('records', 'id'), $1)`, [(buckets + 1) * idsPerBucket]);
  await skipBuckets(30);
  await writes.applyAll(older, 'sync');
  await skipBuckets(35);
  await writes.applyAll(newer, 'sync');
  const search = postgresRecordSearch(db, 'north');
  for (const q of ['kim', 'oldf', 'kim old']) {
    const expected = (await sqlite.search(readSearchQuery(q), { limit: 20 })).map(
      ({ record }) => record.reference,
    );
    expect(expected, q).toContain('OLD-2199');
    const answered = (await search(readSearchQuery(q), { limit: 20 })).matches.map(
      ({ record }) => record.reference,
    );
    expect(answered, q).toEqual(expected);
  }
});

it("works out each demo return's refundable units as SQLite does, whether its order comes before or after it", async () => {
  const sqliteDb = openConsoleDatabase(':memory:');
  const sqlite = createRecordStore(sqliteDb, { organization: 'north' });
  const db = await open(await database());
  const writes = writesOf(db);
  // Returns first, then their orders: both ways of working the units out again.
  const returnsFirst = [...documents].sort(
    (a, b) => Number(b.kind === 'return') - Number(a.kind === 'return'),
  );
  sqlite.applyAll(returnsFirst, 'sync');
  await writes.applyAll(returnsFirst, 'sync');
  const query = "SELECT reference, refundable FROM records WHERE kind = 'return' ORDER BY reference";
  const expected = sqliteDb.prepare<[], { reference: string; refundable: number | null }>(query).all();
  expect(expected).toHaveLength(10);
  expect(expected.some(({ refundable }) => (refundable ?? 0) > 0)).toBe(true);
  expect((await db.query(query)).rows).toEqual(expected);
});
