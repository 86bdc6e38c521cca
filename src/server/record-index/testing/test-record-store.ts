// Test support: the index for a test, on the engine of the Vitest project running it (vite.config.ts runs
// every test file that imports this once on SQLite and once on PostgreSQL).
import { inject, onTestFinished } from 'vitest';
import { openPostgresDatabase } from '../../database/postgres-schema';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { createTestPostgresSchema } from '../../testing/test-postgres-schema';
import { createPostgresRecordStore } from '../store/postgres/postgres-record-store';
import { createRecordStore } from '../store/record-store';
import type { RecordStore } from '../store/record-store-port';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the index of a test is kept in. */
    indexEngine: 'sqlite' | 'postgres';
  }
}

/** The engine this run tests the index on. */
export const indexEngine = () => inject('indexEngine') ?? 'sqlite';

/** Of each store made here, how to make another organization's on the same database. */
const databaseOf = new WeakMap<RecordStore, (organization: string) => RecordStore>();

/**
 * An empty index of the organization's records: in memory on SQLite, or in a PostgreSQL schema of the
 * test's own, dropped when the test ends; `beside` a store made here, another organization's index in the
 * same database. Called inside a test.
 */
export async function testRecordStore({
  organization = '',
  now = Date.now,
  beside,
}: {
  organization?: string;
  now?: () => number;
  beside?: RecordStore;
} = {}): Promise<RecordStore> {
  const sibling = beside && databaseOf.get(beside);
  if (sibling) return sibling(organization);
  let open: (organization: string) => RecordStore;
  if (indexEngine() === 'sqlite') {
    const db = openConsoleDatabase(':memory:');
    open = (organization) => createRecordStore(db, { organization, now });
  } else {
    const schema = await createTestPostgresSchema();
    const db = await openPostgresDatabase(schema.url);
    const opened: ReturnType<typeof createPostgresRecordStore>[] = [];
    open = (organization) => {
      const store = createPostgresRecordStore(db, { organization, instanceId: 'test', now, pollMs: 100 });
      opened.push(store);
      return store;
    };
    onTestFinished(async () => {
      for (const store of opened) await store.close();
      await db.end();
      await schema.drop();
    });
  }
  const store = open(organization);
  databaseOf.set(store, (other) => {
    const made = open(other);
    databaseOf.set(made, databaseOf.get(store) as (organization: string) => RecordStore);
    return made;
  });
  return store;
}
