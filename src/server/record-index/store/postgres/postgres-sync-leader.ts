import type pg from 'pg';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';

/** The lock that makes a console the sync leader: one per schema, as the consoles on it share an index. */
const leaderLock = "hashtextextended('sync leader ' || current_schema(), 0)";

export type SyncLeader = { instanceId: string; sinceMs: number };

/**
 * Makes one console of those on the database the one that syncs: each tries, every `intervalMs`, to take a
 * session advisory lock on a connection of its own. The holder keeps it while that connection lives and
 * writes itself into `sync_leader` for the status page; when its connection goes (the console stopped,
 * crashed or lost the network), PostgreSQL releases the lock and another console takes it at its next try.
 * `leading` says whether this console holds it now.
 */
export function startSyncLeadership(
  db: PostgresDatabase,
  {
    instanceId,
    intervalMs = 5_000,
    now = Date.now,
    onChange = () => {},
  }: { instanceId: string; intervalMs?: number; now?: () => number; onChange?: (leading: boolean) => void },
) {
  let client: pg.PoolClient | null = null;
  let leading = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const setLeading = (value: boolean) => {
    if (value === leading) return;
    leading = value;
    onChange(value);
  };
  const dropClient = (error?: Error) => {
    client?.release(error ?? true);
    client = null;
    setLeading(false);
  };

  async function tryToLead(): Promise<void> {
    try {
      if (!client) {
        const connected = await db.connect();
        // A connection that drops while held emits its error here rather than ending the process.
        connected.on('error', () => {});
        client = connected;
      }
      if (leading) {
        // Still connected is still leading: the lock is the connection's.
        await client.query('SELECT 1');
        return;
      }
      const { rows } = await client.query<{ taken: boolean }>(
        `SELECT pg_try_advisory_lock(${leaderLock}) AS taken`,
      );
      if (!rows[0]?.taken) return;
      await client.query(
        `INSERT INTO sync_leader (name, instance_id, since_ms, backend_pid) VALUES ('sync', $1, $2, pg_backend_pid())
         ON CONFLICT (name) DO UPDATE SET instance_id = excluded.instance_id, since_ms = excluded.since_ms,
           backend_pid = excluded.backend_pid`,
        [instanceId, now()],
      );
      setLeading(true);
    } catch (error) {
      dropClient(error instanceof Error ? error : new Error(String(error)));
    }
  }

  let running = Promise.resolve();
  async function turn(): Promise<void> {
    await tryToLead();
    if (!closed) timer = setTimeout(() => (running = turn()), intervalMs).unref();
  }
  running = turn();

  return {
    leading: () => leading,
    /** Gives the leadership up (the lock goes with the connection) and stops trying. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await running;
      dropClient();
    },
  };
}

/** The console that leads the sync now, or null while none holds the lock (the last holder's connection went). */
export async function readSyncLeader(db: PostgresDatabase): Promise<SyncLeader | null> {
  const { rows } = await db.query<{ instance_id: string; since_ms: string }>(
    `SELECT instance_id, since_ms FROM sync_leader
     WHERE name = 'sync' AND EXISTS (SELECT FROM pg_stat_activity WHERE pid = backend_pid)`,
  );
  const row = rows[0];
  return row ? { instanceId: row.instance_id, sinceMs: Number(row.since_ms) } : null;
}
