import { afterEach, expect, it } from 'vitest';
import { createPostgresAccountStore } from './postgres-account-store';
import { openPostgresDatabase, type PostgresDatabase } from './postgres-database';
import { createTestPostgresSchema, type TestPostgresSchema } from './test-postgres-schema';

// Opened in the test, not in a hook: without PostgreSQL the test fails saying why, rather than being skipped.
let schema: TestPostgresSchema | undefined;
const consoles: PostgresDatabase[] = [];
afterEach(async () => {
  await Promise.all(consoles.splice(0).map((pool) => pool.end()));
  await schema?.drop();
  schema = undefined;
});

it('lets a session opened on one console be used, and ended, on another', async () => {
  schema = await createTestPostgresSchema();
  consoles.push(await openPostgresDatabase(schema.url), await openPostgresDatabase(schema.url));
  const [first, second] = consoles.map((pool) => createPostgresAccountStore(pool));
  if (!first || !second) throw new Error('two consoles expected');
  const ana = await first.add('ana', 'support', 'a long enough password');
  expect(await second.checkPassword('ana', 'a long enough password')).toEqual(ana);

  const { token } = await first.openSession(ana.id, 60_000);
  expect(await second.accountOfSession(token)).toEqual(ana);
  await first.setRole('ana', 'manager');
  expect((await second.accountOfSession(token))?.role).toBe('manager');
  await second.closeSession(token);
  expect(await first.accountOfSession(token)).toBeNull();
});
