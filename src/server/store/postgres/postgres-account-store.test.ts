import { expect, it } from 'vitest';
import { postgresPerTest } from '../../testing/test-postgres-schema';
import { createPostgresAccountStore } from './postgres-account-store';

const { database, open } = postgresPerTest();

it('lets a session opened on one console be used, and ended, on another', async () => {
  const url = await database();
  const [first, second] = [await open(url), await open(url)].map((pool) => createPostgresAccountStore(pool));
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
