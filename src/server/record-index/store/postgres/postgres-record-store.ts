import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import type { RecordStore } from '../record-store-port';
import { storeEvents } from '../store-events';
import { postgresChangeLog } from './postgres-change-log';
import { listenForChanges } from './postgres-change-signal';
import { postgresDriftQueries } from './postgres-drift-queries';
import { postgresIntakeLog } from './postgres-intake-log';
import { postgresListQueries } from './postgres-list-queries';
import { postgresRecordReads } from './postgres-record-reads';
import { postgresRecordRelations } from './postgres-record-relations';
import { postgresRecordSearch, postgresSpellingLookup } from './postgres-record-search';
import { postgresRecordWrites } from './postgres-record-writes';
import { mergeTermsOffThePath } from './postgres-terms-merge';
import { postgresUnitCosts } from './postgres-unit-costs';
import { postgresWorkTrends } from './postgres-work-trends';

/** The index on PostgreSQL, and what ends its connection for wake-ups. */
export type PostgresRecordStore = RecordStore & {
  /** Whether commits of other consoles are heard as they happen (else polled for). */
  hearsOtherConsoles(): boolean;
  close(): Promise<void>;
};

/**
 * The index in PostgreSQL (CONSOLE_DATABASE_URL): the adapter of the RecordStore port for the consoles of a
 * team, which share it. Each write is one transaction deciding under the record's row lock; the commit
 * listeners hear this console's commits at once and every other console's through LISTEN/NOTIFY (a poll
 * while that connection is down), so a live stream on any console follows changes stored by any.
 */
export function createPostgresRecordStore(
  db: PostgresDatabase,
  {
    organization,
    instanceId,
    now = Date.now,
    pollMs,
    mergeIntervalMs,
  }: {
    organization: string;
    instanceId: string;
    now?: () => number;
    pollMs?: number;
    mergeIntervalMs?: number;
  },
): PostgresRecordStore {
  // Opened with the first commit listener: a store nobody follows (a script, a test) holds no extra connection.
  let otherConsoles: ReturnType<typeof listenForChanges> | null = null;
  const events = storeEvents({
    followed: () => {
      otherConsoles ??= listenForChanges(db, { onChanges: events.announceCommit, pollMs });
    },
  });
  const termsMerge = mergeTermsOffThePath(db, { intervalMs: mergeIntervalMs });
  // A committed write may have added terms to the pending list.
  const announcing = <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    events.announcing(async (...args: A) => {
      const result = await write(...args);
      termsMerge.wrote();
      return result;
    });
  const writes = postgresRecordWrites(db, {
    organization,
    instanceId,
    now,
    uncertain: events.announceUncertain,
  });
  const reads = postgresRecordReads(db, { organization, now });
  const search = postgresRecordSearch(db, organization);

  return {
    apply: announcing(writes.apply),
    applyAll: announcing(writes.applyAll),
    applyOrConfirm: announcing(writes.applyOrConfirm),
    receiveAll: announcing(writes.receiveAll),
    ...postgresIntakeLog(db, { instanceId, now }),

    find: reads.find,
    heldReferences: reads.heldReferences,
    search: async (query, options) => (await search(query, options)).matches,
    searchCounted: search,
    knownSpellings: postgresSpellingLookup(db, organization),
    ...postgresRecordRelations(db, organization),
    ...postgresUnitCosts(db, { organization, now }),
    ...postgresListQueries(db, { organization, now }),
    drift: postgresDriftQueries(db, organization),
    trends: postgresWorkTrends(db, organization),
    ...postgresChangeLog(db, organization),
    newestUpdateMs: reads.newestUpdateMs,
    counts: reads.counts,
    readState: reads.readState,
    writeState: reads.writeState,

    ...events.members,
    hearsOtherConsoles: () => otherConsoles?.listening() ?? false,
    async close() {
      await otherConsoles?.close();
      await termsMerge.close();
    },
  };
}
