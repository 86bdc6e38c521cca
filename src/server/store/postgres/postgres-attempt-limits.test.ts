import { expect, it } from 'vitest';
import { postgresPerTest } from '../../testing/test-postgres-schema';
import { createPostgresAttemptLimits } from './postgres-attempt-limits';
import type { PostgresDatabase } from './postgres-database';

const { database, open } = postgresPerTest();

/** Two consoles on one database, each with its own pool and its own adapter. */
async function twoConsoles(options: { now?: () => number; pruneEvery?: number } = {}) {
  const url = await database();
  const pools = [await open(url), await open(url)];
  const [first, second] = pools.map((pool) => createPostgresAttemptLimits(pool, options));
  if (!first || !second) throw new Error('two consoles expected');
  return { first, second, db: pools[0] as PostgresDatabase };
}

const guesses = { scope: 'guesses', limit: 5, windowMs: 15 * 60_000 };

it('counts the attempts made through two consoles together', async () => {
  const { first, second } = await twoConsoles();
  const [one, two] = [first(guesses), second(guesses)];
  for (const counts of [one, two, one, two, one]) expect(await counts.take('ana')).toBe(0);
  expect(await two.take('ana')).toBeGreaterThan(0);
  expect(await one.take('ana')).toBeGreaterThan(0);
  // A sign-in on one console clears the name on both.
  await two.clear('ana');
  expect(await one.take('ana')).toBe(0);
});

it('lets exactly five of 50 concurrent attempts across two consoles through', async () => {
  const { first, second } = await twoConsoles();
  const [one, two] = [first(guesses), second(guesses)];
  const waits = await Promise.all(
    Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? one : two).take('ana')),
  );
  expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  expect(waits.filter((wait) => wait > 0)).toHaveLength(45);
});

it('lets exactly five through when the first attempts of a new key race', async () => {
  const { first, second } = await twoConsoles();
  for (let round = 0; round < 5; round++) {
    const [one, two] = [first(guesses), second(guesses)];
    const key = `fresh ${round}`;
    const waits = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? one : two).take(key)),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  }
});

it('deletes windows that have passed as attempts go on', async () => {
  let clock = 1_000_000;
  const { first, db } = await twoConsoles({ now: () => clock, pruneEvery: 10 });
  const counts = first({ scope: 'tokens', limit: 1, windowMs: 1000 });
  for (let i = 0; i < 9; i++) await counts.take(`address ${i}`);
  clock += 1000;
  await counts.take('address 9');
  const { rows } = await db.query('SELECT key FROM attempt_windows');
  expect(rows).toEqual([{ key: 'address 9' }]);
});
