import Database from 'better-sqlite3';
import { compactForm } from '@/domain/search-text';
import type { ConsoleDatabase } from '@/server/console-db';
import type { RecordFamily, RecordKind } from '../records/indexed-document';
import { type RecordRow, toRecord } from '../records/indexed-record';
import { recordSearch } from '../search/record-search';
import { originalOrderKey } from '../search/search-terms';
import { changeLogQueries } from './change-log-queries';
import { driftQueries } from './drift-queries';
import { intakeLog } from './intake-log';
import { type ListPosition, listCursor, readListCursor } from './list-keysets';
import { listQueries } from './list-queries';
import { partHolders } from './part-holders';
import type { RecordStore } from './record-store-port';
import { recordWrites } from './record-writes';
import { storeEvents } from './store-events';
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
  const statements = {
    byReference: db.prepare<[string, RecordFamily, string], RecordRow>(
      'SELECT * FROM records WHERE org = ? AND family = ? AND reference = ?',
    ),
    byReferenceKey: db.prepare<[string, RecordFamily, string], RecordRow>(
      'SELECT * FROM records WHERE org = ? AND family = ? AND reference_key = ? LIMIT 20',
    ),
    newestUpdate: db.prepare<[string], { newest: number | null }>(
      "SELECT max(updated_ms) AS newest FROM records WHERE org = ? AND family != 'product'",
    ),
    countRecords: db.prepare<[string], { kind: RecordKind; count: number }>(
      'SELECT kind, count(*) AS count FROM records WHERE org = ? GROUP BY kind',
    ),
    getState: db.prepare<[string], { value: string }>('SELECT value FROM sync_state WHERE name = ?'),
    setState: db.prepare<[string, string]>(
      'INSERT INTO sync_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
    ),
    returnsOfOrder: db.prepare<{ org: string; key: string; limit: number }, RecordRow>(
      // CROSS JOIN: the exact key first, not every return of the organization (see return-refunds.ts).
      `SELECT records.* FROM record_exact_values AS exact CROSS JOIN records ON records.id = exact.record_id
       WHERE exact.value = @key AND records.org = @org AND records.kind = 'return'
       ORDER BY records.updated_ms, records.id LIMIT @limit`,
    ),
  };
  // Whoever reads records back (read-back.ts) and follows the change log (the live streams) hears of it.
  const events = storeEvents();
  const { announceCommit, announcing } = events;
  const { logIntake, recordIntake, intakeSummary } = intakeLog(db, now);
  const writes = recordWrites(db, { organization, now, uncertain: events.announceUncertain, logIntake });
  const lists = listQueries(db, organization);
  const holdersOfPart = partHolders(db, organization);
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

    async find(family, reference) {
      const row =
        statements.byReference.get(organization, family, reference) ??
        statements.byReferenceKey
          .all(organization, family, compactForm(reference))
          .find((candidate) => candidate.reference.toLowerCase() === reference.toLowerCase());
      return row ? toRecord(row) : null;
    },
    search: async (query, options) => searchIndex(query, options).matches,
    searchCounted: async (query, options) => searchIndex(query, options),
    async returnsOfOrder(orderReference, limit) {
      return statements.returnsOfOrder
        .all({ org: organization, key: originalOrderKey(orderReference), limit })
        .map(toRecord);
    },

    /** The orders, receives and returns that hold a lot or serial number (part-holders.ts), for a trace. */
    holdersOfPart: async (value, limit) => holdersOfPart(value, limit),

    /**
     * The count is exact and reads every match, in an index where the filters allow: the dearest is no
     * filter at all, 40–100 ms per page at a million orders on the 2-core machine (README, "Lists over
     * the index").
     */
    async listPage(filter, order, { limit, after }) {
      const nowMs = now();
      const total = lists.count(filter, nowMs);
      const { rows, next } = lists.page(filter, order, { limit, after, nowMs, countMatches: () => total });
      return { rows, nextCursor: next ? listCursor(order, next) : null, total };
    },
    readListCursor,
    /**
     * The batches are read from one snapshot, a read transaction on a connection of their own; a database
     * in memory (tests) has no second connection to hold one and is read as it goes.
     */
    async *listBatches(filter, order, { batchSize, budgetMs }) {
      const snapshot = db.memory ? null : new Database(db.name, { readonly: true, fileMustExist: true });
      try {
        snapshot?.exec('BEGIN');
        const queries = snapshot ? listQueries(snapshot, organization) : lists;
        const nowMs = now();
        // Counted once for the whole export, and only when a page's plan asks.
        let matches: number | undefined;
        const countMatches = () => {
          matches ??= queries.count(filter, nowMs);
          return matches;
        };
        let after: ListPosition | undefined;
        do {
          const { rows, next } = queries.page(filter, order, {
            limit: batchSize,
            after,
            nowMs,
            untilMs: performance.now() + budgetMs,
            countMatches,
          });
          if (rows.length > 0) yield rows;
          after = next ?? undefined;
        } while (after);
      } finally {
        snapshot?.close();
      }
    },
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
    newestUpdateMs: async () => statements.newestUpdate.get(organization)?.newest ?? null,
    counts: async () =>
      Object.fromEntries(statements.countRecords.all(organization).map(({ kind, count }) => [kind, count])),
    async readState<T>(name: string) {
      const row = statements.getState.get(`${organization}\u0000${name}`);
      return row ? (JSON.parse(row.value) as T) : null;
    },
    async writeState(name, value) {
      statements.setState.run(`${organization}\u0000${name}`, JSON.stringify(value));
    },

    ...events.members,
  };
}
