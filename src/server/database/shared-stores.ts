import type { AccountStore } from '../store/account-store';
import type { AttemptLimitStore } from '../store/attempt-limits';
import type { AuditLog } from '../store/audit-log';
import { createMemoryAttemptLimits } from '../store/memory-attempt-limits';
import { createPostgresAccountStore } from '../store/postgres/postgres-account-store';
import { createPostgresAttemptLimits } from '../store/postgres/postgres-attempt-limits';
import { createPostgresAuditLog } from '../store/postgres/postgres-audit-log';
import type { PostgresDatabase } from '../store/postgres/postgres-database';
import { type ConsoleDatabase, databaseReadiness, type ReadinessCheck } from '../store/sqlite/console-db';
import { createSqliteAccountStore } from '../store/sqlite/sqlite-account-store';
import { createSqliteAuditLog } from '../store/sqlite/sqlite-audit-log';
import { openPostgresDatabase, postgresSchemaVersion } from './postgres-schema';

/**
 * What the consoles of a team share: accounts and sessions, the audit log, and sign-in and rate
 * limits. A person signed in on one console is signed in on all of them, and a guesser's attempts count
 * against the same limit whichever console answers.
 */
export type SharedStores = {
  accounts: AccountStore;
  auditLog: AuditLog;
  attemptLimits: AttemptLimitStore;
  /** Whether the database answers and holds this console's schema. */
  readiness(): Promise<ReadinessCheck[]>;
  close(): Promise<void>;
};

/** One console alone: all of it in its own SQLite file, its limits in memory. */
export function sqliteSharedStores(
  db: ConsoleDatabase,
  attemptLimits: AttemptLimitStore = createMemoryAttemptLimits(),
): SharedStores {
  return {
    accounts: createSqliteAccountStore(db),
    auditLog: createSqliteAuditLog(db),
    attemptLimits,
    readiness: async () => databaseReadiness(db),
    close: async () => {},
  };
}

/** A team's consoles: all of it in the PostgreSQL database at `url` (CONSOLE_DATABASE_URL), migrated first. */
export async function postgresSharedStores(url: string): Promise<SharedStores> {
  return postgresSharedStoresOn(await openPostgresDatabase(url));
}

/** The same on a database opened already; closing the stores ends its pool. */
export function postgresSharedStoresOn(db: PostgresDatabase): SharedStores {
  let closing: Promise<void> | undefined;
  return {
    accounts: createPostgresAccountStore(db),
    auditLog: createPostgresAuditLog(db),
    attemptLimits: createPostgresAttemptLimits(db),
    async readiness() {
      const name = 'shared database';
      try {
        const { rows } = await db.query<{ version: number }>('SELECT version FROM console_schema');
        const version = rows[0]?.version ?? 0;
        return [
          version > postgresSchemaVersion
            ? {
                name,
                problem: 'A newer version of the console has migrated the shared database',
                detail: `schema ${version}, this console knows ${postgresSchemaVersion}`,
              }
            : { name, problem: null },
        ];
      } catch (error) {
        return [
          {
            name,
            problem: 'The shared database does not answer',
            detail: error instanceof Error ? error.message : String(error),
          },
        ];
      }
    },
    // Once, however often it is asked: the pool refuses a second end.
    close: () => {
      closing ??= db.end();
      return closing;
    },
  };
}
