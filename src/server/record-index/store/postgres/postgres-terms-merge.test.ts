import { expect, it } from 'vitest';
import { enteredOrder } from '../../../../sandbox/testing/test-documents';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import { readSearchQuery } from '../../search/search-terms';
import { readOrder } from '../../testing/version-sequences';
import { createPostgresRecordStore } from './postgres-record-store';

const { database, open } = postgresPerTest();

/** Merges what the terms index holds pending, and says how many of its pages that emptied. */
async function mergePending(db: PostgresDatabase): Promise<number> {
  const { rows } = await db.query<{ pages: string }>(
    "SELECT gin_clean_pending_list('record_terms_terms'::regclass) AS pages",
  );
  return Number(rows[0]?.pages);
}

const orders = (count: number, from: number) =>
  Array.from({ length: count }, (_, index) =>
    readOrder(enteredOrder({ primaryReference: `SO-${from + index}` })),
  );

it('merges the terms a console wrote out of GIN’s pending list itself, where no writer has to', async () => {
  const db = await open(await database());
  // A console that does not merge within the test: what it writes stays pending.
  const slow = createPostgresRecordStore(db, {
    organization: 'north',
    instanceId: 'a',
    mergeIntervalMs: 60_000,
  });
  await slow.applyAll(orders(200, 1), 'sync');
  expect(await mergePending(db)).toBeGreaterThan(0);
  await slow.applyAll(orders(200, 500), 'sync');

  // One that starts merges what it finds pending at its first turn, before it writes anything.
  const store = createPostgresRecordStore(db, {
    organization: 'north',
    instanceId: 'b',
    mergeIntervalMs: 50,
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await mergePending(db)).toBe(0);
  await store.applyAll(orders(200, 1000), 'sync');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await mergePending(db)).toBe(0);
  const [found] = await store.search(readSearchQuery('SO-1050'), { limit: 5 });
  expect(found?.record.reference).toBe('SO-1050');
  await store.close();

  // One that closes merges what it wrote since its last turn: a bulk load leaves nothing pending.
  await slow.applyAll(orders(200, 2000), 'sync');
  await slow.close();
  expect(await mergePending(db)).toBe(0);
});
