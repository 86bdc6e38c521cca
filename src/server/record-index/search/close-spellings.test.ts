import { describe, expect, it } from 'vitest';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { consoleDbMigrations } from '../../store/sqlite/console-db-migrations';
import { createRecordStore } from '../store/record-store';
import { testRecordStore } from '../testing/test-record-store';
import { readOrder } from '../testing/version-sequences';
import { correctableWords, correctedQueries, oneEditFrom, searchAllowingTypos } from './close-spellings';
import { readSearchQuery } from './search-terms';

const customer = (reference: string, personName: string, emailAddress: string) =>
  readOrder(
    enteredOrder({
      primaryReference: reference,
      shipToAddress: { address: { addressLine1: '1 Main St' }, contact: { personName, emailAddress } },
    }),
  );

const orders = [
  customer('SO-100123', 'Owen Murphy', 'owen.murphy@example.com'),
  customer('SO-100124', 'Owen Murpheyson', 'omurpheyson@example.com'),
  customer('SO-100200', 'Ada Lovelace', 'ada@example.com'),
];

describe('oneEditFrom', () => {
  it('reads a letter wrong, missing, extra or swapped with its neighbour, never the word itself', () => {
    const edits = oneEditFrom('murphey');
    for (const meant of ['murphy', 'murpher', 'murpheys', 'mruphey']) expect(edits).toContain(meant);
    expect(edits).not.toContain('murphey');
    expect(edits).not.toContain('murpy');
    // Digits only where the word has one.
    expect(oneEditFrom('smith')).not.toContain('smit1');
    expect(oneEditFrom('so100132')).toContain('so100123');
  });
});

describe('correctedQueries', () => {
  it('replaces the words the index lacks by those it holds one edit away, keeping what it holds as typed', () => {
    const query = readSearchQuery('Owen Murhpy');
    const corrected = correctedQueries(query, { words: ['owen', 'murphy', 'owens'], references: [] });
    expect(corrected.map((spelled) => spelled.text)).toEqual(['owen murphy']);
  });

  it('keeps the signs of an email, so that it is still found as one value', () => {
    const query = readSearchQuery('owen.murhpy@example.com');
    const corrected = correctedQueries(query, {
      words: ['owen', 'murphy', 'example', 'com'],
      references: [],
    });
    expect(corrected.map((spelled) => spelled.text)).toEqual(['owen.murphy@example.com']);
  });

  it('leaves short words, long codes and queries it cannot correct alone', () => {
    expect(correctableWords(readSearchQuery('owe 1ZUWKUTN9370565388 100152 Murphey'))).toEqual(['murphey']);
    expect(correctedQueries(readSearchQuery('Zyx Qwv'), { words: [], references: [] })).toEqual([]);
  });
});

describe('searchAllowingTypos', () => {
  it('finds a name, an email or a reference with a typo, ranked below what was typed, and says how it read it', async () => {
    const store = await testRecordStore();
    await store.applyAll(orders, 'sync');
    const found = async (q: string) =>
      (await searchAllowingTypos(store, readSearchQuery(q), { limit: 10, offset: 0 })).matches.map(
        (match) => `${match.record.reference} ${match.spelledAs ?? 'as typed'}`,
      );
    // Murpheyson starts with what was typed; Murphy is a letter from it.
    expect(await found('owen murphey')).toEqual(['SO-100124 as typed', 'SO-100123 owen murphy']);
    // A word the index holds is taken as meant.
    expect(await found('Owen Murphy')).toEqual(['SO-100123 as typed']);
    expect(await found('ada lovelcae')).toEqual(['SO-100200 ada lovelace']);
    expect(await found('owen.murhpy@example.com')).toEqual(['SO-100123 owen.murphy@example.com']);
    expect(await found('SO-100132')).toEqual(['SO-100123 SO-100123']);
    expect(await found('zzzz qqqq')).toEqual([]);
  });

  it('lets each reading of a typo take its turn, so a common name does not crowd out a rarer one', async () => {
    const store = await testRecordStore();
    await store.applyAll(
      [
        ...['SO-1', 'SO-2', 'SO-3'].map((reference) => customer(reference, 'Carol Martin', 'cm@example.com')),
        customer('SO-4', 'Carol Martinez', 'cmz@example.com'),
      ],
      'sync',
    );
    const found = await searchAllowingTypos(store, readSearchQuery('carol martinz'), { limit: 2, offset: 0 });
    expect(found.matches.map((match) => match.spelledAs).sort()).toEqual(['carol martin', 'carol martinez']);
  });

  it('pages through what was typed, then the close matches, each once', async () => {
    const store = await testRecordStore();
    await store.applyAll(orders, 'sync');
    const page = async (offset: number) =>
      searchAllowingTypos(store, readSearchQuery('owen murphey'), { limit: 1, offset });
    const first = await page(0);
    const second = await page(1);
    expect(first.matches.map((match) => match.record.reference)).toEqual(['SO-100124']);
    expect(second.matches.map((match) => match.record.reference)).toEqual(['SO-100123']);
    expect(second.total).toBe(2);
    expect((await page(2)).matches).toEqual([]);
  });
});

it('fills the words of the records an index held before it kept them', async () => {
  const db = openConsoleDatabase(':memory:');
  await createRecordStore(db, { organization: '' }).applyAll(orders, 'sync');
  const wordsKept = () => db.prepare('SELECT word FROM search_words ORDER BY word').pluck().all();
  const written = wordsKept();
  expect(written).toEqual(
    expect.arrayContaining(['murpheyson', 'murphy', 'owenmurphy', 'lovelace', 'example']),
  );
  db.exec('DROP TABLE search_words');
  db.exec(consoleDbMigrations.find((sql) => sql.includes('CREATE TABLE search_words')) as string);
  expect(wordsKept()).toEqual(written);
});
