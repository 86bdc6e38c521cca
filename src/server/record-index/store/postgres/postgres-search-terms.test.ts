import fc from 'fast-check';
import { expect, it } from 'vitest';
import { enteredOrder } from '../../../../sandbox/testing/test-documents';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import { indexValues, readSearchQuery } from '../../search/search-terms';
import { readOrder } from '../../testing/version-sequences';
import { postgresRecordWrites } from './postgres-record-writes';
import { bucketRangeTerms, termsOf, termsQueryOf } from './postgres-search-terms';

const { database, open } = postgresPerTest();

const lexemesOf = (terms: string) => terms.split(' ').map((lexeme) => lexeme.slice(1, -1));

it("holds each token, its first 1 to 6 characters, the ranking groups' own, and the blocks of buckets of the id", () => {
  const terms = termsOf(
    indexValues([
      { field: 'primaryReference', value: 'SO-1042', group: 'refs' },
      { field: 'shipToAddress.contact.personName', value: 'Owen Murphy', group: 'people' },
      { field: 'shipToAddress.contact.emailAddress', value: 'owen@example.com', group: 'contact' },
    ]),
    4_100,
  );
  expect(lexemesOf(terms)).toEqual(
    expect.arrayContaining([
      '~b2',
      '~c0',
      '~d0',
      '~e0',
      'so1042',
      'r.so1042',
      'so1~',
      'so10~',
      'so104~',
      'r.so104~',
      'owen',
      'p.owen',
    ]),
  );
  expect(lexemesOf(terms)).toEqual(expect.arrayContaining(['murp~', 'p.murph~', 'owenexamplecom', 'owene~']));
  // Contact is not a group that ranks first: its tokens are not qualified.
  expect(lexemesOf(terms).filter((lexeme) => lexeme.startsWith('p.owene'))).toEqual([]);
});

it('covers a window of buckets with blocks that hold exactly its buckets, the widest that fit', () => {
  const bucketsOf = (term: string) => {
    const width = 4 ** 'bcde'.indexOf(term[1] as string);
    const first = Number(term.slice(2)) * width;
    return Array.from({ length: width }, (_, index) => first + index);
  };
  fc.assert(
    fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 4_096 }), (newest, width) => {
      const oldest = Math.max(0, newest - width + 1);
      const terms = bucketRangeTerms(oldest, newest);
      expect(terms.flatMap(bucketsOf)).toEqual(
        Array.from({ length: newest - oldest + 1 }, (_, index) => oldest + index),
      );
      // Three blocks of each width at most on either side of the widest.
      expect(terms.length).toBeLessThanOrEqual(18 + Math.floor(width / 64));
    }),
  );
  expect(bucketRangeTerms(64, 127)).toEqual(['~e1']);
  expect(bucketRangeTerms(61, 84)).toEqual(['~b61', '~b62', '~b63', '~d4', '~c20', '~b84']);
});

it('asks for a prefix of up to 6 characters as one term, a longer one as the terms it starts', () => {
  expect(termsQueryOf(readSearchQuery('mur'), 'people')).toBe("('p.mur~')");
  expect(termsQueryOf(readSearchQuery('murphy12'))).toBe("('murphy12':*)");
  expect(termsQueryOf(readSearchQuery('owen m'), 'people')).toBe("('p.owenm~') | ('p.owen' & 'p.m~')");
  expect(termsQueryOf(readSearchQuery('ow'))).toBeNull();
});

it('keeps every token of a record with 40,000 serial numbers, and PostgreSQL takes its terms', async () => {
  const serials = Array.from({ length: 40_000 }, (_, index) => ({
    field: `partAttributes.SN.${index}`,
    value: `SN${String(index).padStart(6, '0')}X${(index * 7919) % 100_000}`,
    group: 'items' as const,
  }));
  const terms = termsOf(indexValues(serials), 1);
  const lexemes = new Set(lexemesOf(terms));
  for (const { value } of serials) expect(lexemes.has(value.toLowerCase())).toBe(true);
  // Prefixes of the first serials only: the rest did not fit.
  expect(lexemes.has('sn000~')).toBe(true);
  expect(lexemes.size).toBeLessThan(serials.length * 5);
  const db = await open(await database());
  const { rows } = await db.query<{ found: boolean }>(`SELECT $1::tsvector @@ $2::tsquery AS found`, [
    terms,
    `'${serials.at(-1)?.value.toLowerCase()}'`,
  ]);
  expect(rows[0]?.found).toBe(true);
});

it('works out the terms and spelling words of records stored before them again when the database is migrated', async () => {
  const url = await database();
  const db = await open(url);
  const writes = postgresRecordWrites(db, { organization: 'north', instanceId: 'a', uncertain: () => {} });
  const orders = ['SO-1', 'SO-2', 'SO-3'].map((primaryReference, index) =>
    readOrder(
      enteredOrder({
        primaryReference,
        shipToAddress: {
          address: { addressLine1: '1 Main St' },
          contact: {
            personName: `Owen Murph${'y'.repeat(index + 1)}`,
            emailAddress: `o${index}@example.com`,
          },
        },
      }),
    ),
  );
  await writes.applyAll(orders, 'sync');
  const terms = async () =>
    (await db.query<{ terms: string }>('SELECT terms::text FROM record_terms ORDER BY record_id')).rows.map(
      (row) => row.terms,
    );
  const words = async () =>
    (await db.query<{ word: string }>('SELECT word FROM search_words ORDER BY word')).rows.map(
      (row) => row.word,
    );
  const written = await terms();
  const wordsWritten = await words();
  expect(wordsWritten).toEqual(expect.arrayContaining(['murphyyy', 'owen', 'example']));
  // Terms an earlier schema left (the eighth migration from the last works them out again, blocks of
  // buckets included), and no spelling words (the next fills them; then the parts, twice, the unit costs,
  // the cheaper writes, the stock table and the party keys run again).
  await db.query(`UPDATE record_terms SET terms = 'so1'::tsvector`);
  await db.query('DROP TABLE search_words');
  await db.query('UPDATE console_schema SET version = version - 8');
  await open(url);
  expect(await terms()).toEqual(written);
  expect(await words()).toEqual(wordsWritten);
  expect(written[0]).toContain("'r.so1~'");
  expect(written[0]).toContain("'~e0'");
});
