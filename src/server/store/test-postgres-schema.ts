// Test support: a PostgreSQL schema of a test's own on the test run's server (throwaway-postgres.ts), so test
// files and the tests in them run in parallel without seeing each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

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
