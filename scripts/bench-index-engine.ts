/**
 * Where bench:index keeps the indexes it fills and reads: SQLite files in its folder (the default), or
 * PostgreSQL with BENCH_ENGINE=postgres (CONSOLE_DATABASE_URL when set, a schema of the run's own in it;
 * else a server of the run's own that commits as a production one does), each index a schema of its own.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { openPostgresDatabase } from '#server/database/postgres-schema';
import { createPostgresRecordStore } from '#server/record-index/store/postgres/postgres-record-store';
import { createRecordStore } from '#server/record-index/store/record-store';
import type { RecordStore } from '#server/record-index/store/record-store-port';
import { openConsoleDatabase, startWalCheckpoints } from '#server/store/sqlite/console-db';
import { startPostgresServer } from '#server/testing/throwaway-postgres';
import { processTreeCpuSeconds } from './bench-support';

export type BenchIndexes = {
  engine: 'SQLite' | 'PostgreSQL';
  /** Where the indexes are kept, in words. */
  where: string;
  /** Where a new index named `name` is kept: a database file, or a PostgreSQL URL naming its schema. */
  place(name: string): Promise<string>;
  /** The index at `place`, as the console's store; with the WAL thread a console runs on SQLite. */
  open(place: string): Promise<{ store: RecordStore; close(): Promise<void> }>;
  /** Bytes the index at `place` takes, by table and its indexes (PostgreSQL only: SQLite's are measured by file). */
  tableBytes(place: string): Promise<Record<string, number>>;
  /**
   * CPU seconds the database server used so far, all its processes: PostgreSQL's server of this run (NaN
   * on SQLite, which works inside the console, and on a server CONSOLE_DATABASE_URL names).
   */
  serverCpuSeconds(): number;
  close(): Promise<void>;
};

export const isPostgresPlace = (place: string) => /^postgres(ql)?:/.test(place);

export async function benchIndexes(
  directory: string,
  engine = process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'sqlite',
): Promise<BenchIndexes> {
  const opened = new Set<() => Promise<void>>();
  const track = (close: () => Promise<void>) => {
    opened.add(close);
    return async () => {
      opened.delete(close);
      await close();
    };
  };
  if (engine !== 'postgres') {
    return {
      engine: 'SQLite',
      where: `files in ${directory}`,
      place: async (name) => join(directory, `${name}.db`),
      async open(place) {
        const db = openConsoleDatabase(place);
        const checkpoints = startWalCheckpoints(db);
        const store = createRecordStore(db, { organization: '' });
        return {
          store,
          close: track(async () => {
            await checkpoints.stop();
            db.close();
          }),
        };
      },
      tableBytes: async () => ({}),
      serverCpuSeconds: () => Number.NaN,
      close: async () => {},
    };
  }
  const given = process.env.CONSOLE_DATABASE_URL;
  const server = given ? null : await startPostgresServer({ durable: true });
  if (server && 'missing' in server) throw new Error(server.missing);
  const own = server as { url: string; pid: number } | null;
  const base = given ?? (own as { url: string }).url;
  const admin = await openPostgresDatabase(base);
  const schemas: string[] = [];
  return {
    engine: 'PostgreSQL',
    where: given
      ? 'CONSOLE_DATABASE_URL, a schema of the run'
      : 'a server of this run, fsync and synchronous commits on',
    async place(name) {
      const schema = `bench_${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE SCHEMA ${schema}`);
      schemas.push(schema);
      const url = new URL(base);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return url.href;
    },
    async open(place) {
      const db = await openPostgresDatabase(place);
      const store = createPostgresRecordStore(db, { organization: '', instanceId: 'bench' });
      return {
        store,
        close: track(async () => {
          await store.close();
          await db.end();
        }),
      };
    },
    async tableBytes(place) {
      const schema = new URL(place).searchParams.get('options')?.split('=')[1] ?? 'public';
      const { rows } = await admin.query<{ name: string; bytes: string }>(
        `SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`,
        [schema],
      );
      return Object.fromEntries(rows.map(({ name, bytes }) => [name, Number(bytes)]));
    },
    serverCpuSeconds: () => (own ? processTreeCpuSeconds(own.pid) : Number.NaN),
    async close() {
      for (const close of opened) await close();
      for (const schema of schemas) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
      await server?.stop();
    },
  };
}
