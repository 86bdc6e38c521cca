import { expect, it } from 'vitest';
import type { PostgresDatabase } from '../store/postgres/postgres-database';
import { postgresPerTest } from '../testing/test-postgres-schema';
import { openPostgresDatabase, postgresSchemaVersion } from './postgres-schema';

const { database, open } = postgresPerTest();

it('migrates once when several consoles start together on an empty database', async () => {
  const url = await database();
  const [first] = await Promise.all([open(url), open(url), open(url)]);
  const version = async () =>
    (await (first as PostgresDatabase).query('SELECT version FROM console_schema')).rows;
  expect(await version()).toEqual([{ version: postgresSchemaVersion }]);
  await open(url);
  expect(await version()).toEqual([{ version: postgresSchemaVersion }]);
});

it('refuses a database whose schema is newer than this code, and leaves it as it was', async () => {
  const url = await database();
  const current = await open(url);
  await current.query('UPDATE console_schema SET version = version + 1');
  await expect(openPostgresDatabase(url)).rejects.toThrow(
    `The console database was written by a newer version of the console (schema ${postgresSchemaVersion + 1}, this one knows ${postgresSchemaVersion})`,
  );
  expect((await current.query('SELECT version FROM console_schema')).rows).toEqual([
    { version: postgresSchemaVersion + 1 },
  ]);
});
