import type pg from 'pg';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';

/**
 * The channel of the index's commits. Consoles on other schemas of the database hear it too: its payload
 * names the schema whose change log grew.
 */
const channel = 'record_changes';

/** Tells every console listening that this transaction added changes: sent by PostgreSQL as it commits. */
export async function notifyChanges(client: pg.PoolClient): Promise<void> {
  await client.query('SELECT pg_notify($1, current_schema())', [channel]);
}

/**
 * Calls `onChanges` when a console on the same schema committed changes to the index (notifyChanges), over
 * a connection of its own. While that connection is down it calls `onChanges` every `pollMs` instead
 * (changes may have come unheard) and tries to listen again.
 */
export function listenForChanges(
  db: PostgresDatabase,
  { onChanges, pollMs = 1_000 }: { onChanges: () => void; pollMs?: number },
) {
  let client: pg.PoolClient | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let poll: NodeJS.Timeout | undefined;
  const released = new WeakSet<pg.PoolClient>();

  /** Ends a connection once, however many ways its loss is heard (its error, a query that failed). */
  function letGo(connected: pg.PoolClient, error?: Error) {
    if (released.has(connected)) return;
    released.add(connected);
    if (client === connected) client = null;
    connected.removeAllListeners('notification');
    connected.release(error ?? true);
  }

  function lost(connected: pg.PoolClient, error: Error) {
    const wasListening = client === connected;
    letGo(connected, error);
    if (closed) return;
    if (wasListening) onChanges();
    startPolling();
  }

  function startPolling() {
    if (closed || poll) return;
    poll = setInterval(() => {
      onChanges();
      if (!client) void listen();
    }, pollMs).unref();
  }

  async function connect(): Promise<void> {
    let connected: pg.PoolClient | undefined;
    try {
      connected = await db.connect();
      const listening = connected;
      listening.on('error', (error) => lost(listening, error));
      const { rows } = await listening.query<{ schema: string }>('SELECT current_schema() AS schema');
      const schema = rows[0]?.schema;
      listening.on('notification', (message) => {
        if (message.channel === channel && message.payload === schema) onChanges();
      });
      await listening.query(`LISTEN ${channel}`);
      if (closed) return letGo(listening);
      client = listening;
      clearInterval(poll);
      poll = undefined;
    } catch (error) {
      if (connected) lost(connected, error instanceof Error ? error : new Error(String(error)));
      else startPolling();
    }
  }

  function listen(): Promise<void> {
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  void listen();
  return {
    /** Whether changes are heard as they commit (else they are polled for). */
    listening: () => client !== null,
    async close(): Promise<void> {
      closed = true;
      clearInterval(poll);
      await connecting;
      if (client) letGo(client);
    },
  };
}
