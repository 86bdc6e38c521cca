import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../database/postgres-schema';
import { createTestPostgresSchema } from '../testing/test-postgres-schema';
import type { AttemptLimitStore } from './attempt-limits';
import { createMemoryAttemptLimits } from './memory-attempt-limits';
import { createPostgresAttemptLimits } from './postgres/postgres-attempt-limits';

type OpenedLimits = { limits: AttemptLimitStore; close(): Promise<void> };

/** The two adapters, each over counts of the test's own, on a clock the test moves. */
const engines: { engine: string; open(now: () => number): Promise<OpenedLimits> }[] = [
  {
    engine: 'memory',
    async open(now) {
      return { limits: createMemoryAttemptLimits({ now }), close: async () => {} };
    },
  },
  {
    engine: 'PostgreSQL',
    async open(now) {
      const schema = await createTestPostgresSchema();
      const db = await openPostgresDatabase(schema.url);
      return {
        limits: createPostgresAttemptLimits(db, { now }),
        async close() {
          await db.end();
          await schema.drop();
        },
      };
    },
  },
];

const guesses = { scope: 'guesses', limit: 3, windowMs: 60_000 };

describe.each(engines)('attempt limits in $engine', ({ open }) => {
  let opened: OpenedLimits | null = null;
  afterEach(() => opened?.close());

  async function limitsOn() {
    let clock = 1_000_000;
    opened = await open(() => clock);
    return { limits: opened.limits, advance: (ms: number) => (clock += ms) };
  }

  it('takes `limit` attempts a window per key, then says how long to wait', async () => {
    const { limits, advance } = await limitsOn();
    const ana = limits(guesses);
    expect([await ana.take('ana'), await ana.take('ana'), await ana.take('ana')]).toEqual([0, 0, 0]);
    advance(20_000);
    expect(await ana.take('ana')).toBe(40_000);
    expect(await ana.take('ana')).toBe(40_000);
    expect(await ana.take('ben')).toBe(0);
  });

  it('says how long a key must wait without counting an attempt', async () => {
    const { limits, advance } = await limitsOn();
    const counts = limits(guesses);
    expect(await counts.waitMs('ana')).toBe(0);
    await counts.take('ana');
    await counts.take('ana');
    expect(await counts.waitMs('ana')).toBe(0);
    await counts.take('ana');
    advance(15_000);
    expect([await counts.waitMs('ana'), await counts.waitMs('ana')]).toEqual([45_000, 45_000]);
    advance(45_000);
    expect(await counts.waitMs('ana')).toBe(0);
    expect(await counts.take('ana')).toBe(0);
  });

  it('starts a key afresh when its window has passed', async () => {
    const { limits, advance } = await limitsOn();
    const counts = limits(guesses);
    for (let i = 0; i < 3; i++) await counts.take('ana');
    advance(59_999);
    expect(await counts.take('ana')).toBe(1);
    advance(1);
    expect([await counts.take('ana'), await counts.take('ana'), await counts.take('ana')]).toEqual([0, 0, 0]);
    expect(await counts.take('ana')).toBe(60_000);
  });

  it('keeps kinds of attempts apart, and shares the counts of one kind opened twice', async () => {
    const { limits } = await limitsOn();
    const byName = limits(guesses);
    const byAddress = limits({ scope: 'addresses', limit: 1, windowMs: 1000 });
    for (let i = 0; i < 3; i++) await byName.take('x');
    expect(await byName.take('x')).toBe(60_000);
    expect(await byAddress.take('x')).toBe(0);
    expect(await byAddress.take('x')).toBe(1000);
    expect(await limits(guesses).take('x')).toBe(60_000);
  });

  it('gives back a taken attempt, never below none, and forgets a key on clear', async () => {
    const { limits, advance } = await limitsOn();
    const counts = limits(guesses);
    await counts.giveBack('ana');
    for (let i = 0; i < 3; i++) expect(await counts.take('ana')).toBe(0);
    await counts.giveBack('ana');
    expect(await counts.take('ana')).toBe(0);
    expect(await counts.take('ana')).toBeGreaterThan(0);
    await counts.clear('ana');
    for (let i = 0; i < 3; i++) expect(await counts.take('ana')).toBe(0);
    // A window that has passed is not given back to: the next attempt starts a new one.
    advance(60_000);
    await counts.giveBack('ana');
    for (let i = 0; i < 3; i++) expect(await counts.take('ana')).toBe(0);
    expect(await counts.take('ana')).toBeGreaterThan(0);
  });

  it('lets exactly `limit` of many concurrent attempts through', async () => {
    const { limits } = await limitsOn();
    const counts = limits({ scope: 'guesses', limit: 5, windowMs: 60_000 });
    const waits = await Promise.all(Array.from({ length: 40 }, () => counts.take('ana')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
    for (const wait of waits.filter((w) => w !== 0)) expect(wait).toBe(60_000);
  });
});
