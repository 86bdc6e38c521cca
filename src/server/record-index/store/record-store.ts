import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import { type RecordRow, toRecord } from '../records/indexed-record';
import { originalOrderKey } from '../search/search-terms';
import { changeLogQueries } from './change-log-queries';
import { driftQueries } from './drift-queries';
import { intakeLog } from './intake-log';
import { listReads } from './list-reads';
import { partHolders } from './part-holders';
import { partyRecords } from './party-records';
import { recordReads } from './record-reads';
import type { RecordStore } from './record-store-port';
import { recordWrites } from './record-writes';
import { spellingLookup } from './spelling-lookup';
import { recordSearch } from './sqlite-record-search';
import { stockReads } from './stock-rows';
import { storeEvents } from './store-events';
import { unitCostStore } from './unit-costs';
import { workTrends } from './work-trends';

/**
 * The index in SQLite (the console's own database file, or one in memory): the adapter of the
 * RecordStore port for one console. Its statements are synchronous (better-sqlite3); each member settles
 * once its statement ran, so a read and the write it decides are one transaction inside a member, never
 * two members with a turn between them.
 */
export function createRecordStore(
  db: ConsoleDatabase,
  { organization, now = Date.now }: { organization: string; now?: () => number },
): RecordStore {
  const searchIndex = recordSearch(db, organization);
  const spellings = spellingLookup(db, organization);
  const returnsOfOrder = db.prepare<{ org: string; key: string; limit: number }, RecordRow>(
    // CROSS JOIN: the exact key first, not every return of the organization (see return-refunds.ts).
    `SELECT records.* FROM record_exact_values AS exact CROSS JOIN records ON records.id = exact.record_id
     WHERE exact.value = @key AND records.org = @org AND records.kind = 'return'
     ORDER BY records.updated_ms, records.id LIMIT @limit`,
  );
  // Whoever reads records back (read-back.ts) and follows the change log (the live streams) hears of it.
  const events = storeEvents();
  const { announceCommit, announcing } = events;
  const { logIntake, recordIntake, intakeSummary } = intakeLog(db, now);
  const writes = recordWrites(db, { organization, now, uncertain: events.announceUncertain, logIntake });
  const reads = recordReads(db, organization);
  const changeLog = changeLogQueries(db, organization);
  const drift = driftQueries(db, organization);
  const trends = workTrends(db, organization);

  return {
    apply: announcing(writes.apply),
    applyAll: announcing(writes.applyAll),
    applyOrConfirm: announcing(writes.applyOrConfirm),
    async receiveAll(deliveries) {
      const outcomes = writes.receiveAll(deliveries);
      announceCommit();
      writes.writeTermsAfterAnswers();
      return outcomes;
    },
    recordIntake: async (entry) => recordIntake(entry),

    find: reads.find,
    heldReferences: reads.heldReferences,
    search: async (query, options) => searchIndex(query, options).matches,
    searchCounted: async (query, options) => searchIndex(query, options),
    knownSpellings: async (question) => spellings(question),
    async returnsOfOrder(orderReference, limit) {
      return returnsOfOrder
        .all({ org: organization, key: originalOrderKey(orderReference), limit })
        .map(toRecord);
    },

    /** The orders, receives and returns that hold a lot or serial number (part-holders.ts), for a trace. */
    partEntries: partHolders(db, organization),
    ...unitCostStore(db, { organization, now }),
    ...listReads(db, { organization, now }),
    ...stockReads(db, organization),
    partyRecords: partyRecords(db, organization),
    drift: {
      changed: async (afterSeq, untilMs, limit) => drift.changed(afterSeq, untilMs, limit),
      seqBefore: async (ms) => drift.seqBefore(ms),
      sample: async (afterId, limit) => drift.sample(afterId, limit),
    },
    trends: async (todayStartMs) => trends(todayStartMs),

    changesAfter: async (seq, limit) => changeLog.changesAfter(seq, limit),
    lastChangeSeq: async () => changeLog.lastChangeSeq(),
    activity: async (record, page) => changeLog.activity(record, page),
    intakeSummary: async () => intakeSummary(),
    newestUpdateMs: reads.newestUpdateMs,
    counts: reads.counts,
    readState: reads.readState,
    writeState: reads.writeState,

    ...events.members,
  };
}
