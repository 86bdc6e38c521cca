// Test support: a PostgreSQL schema of a test's own on the test run's server (throwaway-postgres.ts), so test
// files and the tests in them run in parallel without seeing each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, inject } from 'vitest';
import { openPostgresDatabase } from '../database/postgres-schema';
import type { PostgresDatabase } from '../store/postgres/postgres-database';

export type TestPostgresSchema = { url: string; drop(): Promise<void> };

async function asAdmin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty schema: `url` connects with it as the search path. Fails (never skips) when the run has no
 * PostgreSQL, saying what to install.
 */
export async function createTestPostgresSchema(): Promise<TestPostgresSchema> {
  const server = inject('testPostgres');
  if ('missing' in server) throw new Error(server.missing);
  const schema = `test_${randomBytes(8).toString('hex')}`;
  await asAdmin(server.url, `CREATE SCHEMA ${schema}`);
  const url = new URL(server.url);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.href, drop: () => asAdmin(server.url, `DROP SCHEMA ${schema} CASCADE`) };
}

/**
 * For a test file whose tests each want a database of their own: `database()` makes one, in the test rather
 * than a hook so that a run without PostgreSQL fails saying why instead of skipping; `open(url)` is a
 * console's pool on it. After each test the pools end and the schema goes.
 */
export function postgresPerTest() {
  let schema: TestPostgresSchema | undefined;
  const pools: PostgresDatabase[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
    await schema?.drop();
    schema = undefined;
  });
  return {
    async database(): Promise<string> {
      schema = await createTestPostgresSchema();
      return schema.url;
    },
    async open(url: string): Promise<PostgresDatabase> {
      const pool = await openPostgresDatabase(url);
      pools.push(pool);
      return pool;
    },
  };
}
