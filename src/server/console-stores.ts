import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { openPostgresDatabase } from './database/postgres-schema';
import { postgresSharedStoresOn, type SharedStores, sqliteSharedStores } from './database/shared-stores';
import {
  groupCommitIntake,
  startWebhookIntake,
  type WebhookIntake,
} from './record-index/intake/webhook-intake';
import { upgradeDerivedColumns } from './record-index/store/derivation-upgrade';
import { createPostgresRecordStore } from './record-index/store/postgres/postgres-record-store';
import { readSyncLeader, startSyncLeadership } from './record-index/store/postgres/postgres-sync-leader';
import { createRecordStore } from './record-index/store/record-store';
import type { RecordStore } from './record-index/store/record-store-port';
import type { SyncLeadership } from './record-index/sync/index-sync';
import { type ConsoleDatabase, openConsoleDatabase, startWalCheckpoints } from './store/sqlite/console-db';

/**
 * Everything a console keeps, on one engine: the index, what a team's consoles share (accounts, sessions,
 * the audit log, limits), how webhooks reach the index, and of a team which console syncs.
 */
export type ConsoleStores = {
  records: RecordStore;
  shared: SharedStores;
  /** The SQLite file of a console alone (null for a team's): the app's default stores and /readyz. */
  consoleDb: ConsoleDatabase | null;
  /** Starts taking webhook deliveries; after the index checks listen, as it may store what needs reading back. */
  startIntake(): Promise<WebhookIntake>;
  /** Of a team's consoles, whether this one syncs; null for a console alone, which always does. */
  leadership: (SyncLeadership & { onLead(listener: () => void): void }) | null;
  /** Work on the stored index that may take minutes, run once the console listens. */
  maintain(options: { stopped: () => boolean; log: (line: string) => void }): Promise<void>;
  close(): Promise<void>;
};

/** One console alone: everything in its SQLite file (`CONSOLE_DB`), webhooks through its journal and thread. */
export function openConsoleStores(file: string, organization: string): ConsoleStores {
  const consoleDb = openConsoleDatabase(file);
  const checkpoints = startWalCheckpoints(consoleDb);
  const records = createRecordStore(consoleDb, { organization });
  const shared = sqliteSharedStores(consoleDb);
  let intake: WebhookIntake | null = null;
  return {
    records,
    shared,
    consoleDb,
    async startIntake() {
      intake = await startWebhookIntake({ db: consoleDb, store: records, organization });
      return intake;
    },
    leadership: null,
    async maintain({ stopped, log }) {
      try {
        const changed = await upgradeDerivedColumns(consoleDb, { stopped });
        if (changed > 0) log(`Index: ${changed} records derived again under this version's rules`);
      } catch (error) {
        log(
          `Index: records could not be derived again under this version's rules (tried again at the next start): ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    async close() {
      await intake?.stop();
      await checkpoints.stop();
      consoleDb.close();
      await shared.close();
    },
  };
}

/** Names this console among a team's: its host, process and a few random letters (a restart is another). */
const newInstanceId = () => `${hostname()}-${process.pid}-${randomBytes(2).toString('hex')}`;

/**
 * A team's console: everything in the PostgreSQL database at `url` (`CONSOLE_DATABASE_URL`), shared with
 * the other consoles on it. A webhook delivery is answered once its transaction committed (no journal:
 * the database is the durable copy), and one console at a time holds the sync leader's lock.
 */
export async function openTeamStores(
  url: string,
  { organization, instanceId = newInstanceId() }: { organization: string; instanceId?: string },
): Promise<ConsoleStores> {
  const { hostname: host, port, pathname } = new URL(url);
  const where = `${host || 'the local socket'}${port ? `:${port}` : ''}${pathname}`;
  let db: Awaited<ReturnType<typeof openPostgresDatabase>>;
  try {
    db = await openPostgresDatabase(url);
  } catch (error) {
    // Never the address itself: it may hold a password.
    throw new Error(
      `The shared database (CONSOLE_DATABASE_URL, ${where}) cannot be used: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const records = createPostgresRecordStore(db, { organization, instanceId });
  const shared = postgresSharedStoresOn(db);
  const leadListeners: (() => void)[] = [];
  let intake: WebhookIntake | null = null;
  const leader = startSyncLeadership(db, {
    instanceId,
    onChange: (leading) => {
      if (leading) for (const listener of leadListeners) listener();
    },
  });
  return {
    records,
    shared,
    consoleDb: null,
    async startIntake() {
      intake = groupCommitIntake(records);
      return intake;
    },
    leadership: {
      instanceId,
      leading: leader.leading,
      leader: () => readSyncLeader(db),
      onLead: (listener) => leadListeners.push(listener),
    },
    // The schema is PostgreSQL's own from its first version: nothing derived under older rules.
    maintain: async () => {},
    async close() {
      await intake?.stop();
      await leader.close();
      await records.close();
      await shared.close();
    },
  };
}
