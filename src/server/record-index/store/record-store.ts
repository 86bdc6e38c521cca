import Database from 'better-sqlite3';
import type { LiveChange } from '../../../contract/live-change';
import type { RecordActivity, RecordChange } from '../../../contract/record-activity';
import { compactForm } from '../../../domain/search-text';
import type { ConsoleDatabase } from '../../console-db';
import type { IndexedDocument, IndexedVersion, RecordFamily, RecordKind } from '../records/indexed-document';
import { type IndexedRecord, type IndexSource, type RecordRow, toRecord } from '../records/indexed-record';
import type { ApplyOutcome } from '../records/version-decision';
import { recordSearch } from '../search/record-search';
import { originalOrderKey } from '../search/search-terms';
import { driftQueries } from './drift-queries';
import { intakeLog } from './intake-log';
import {
  type ListedRecord,
  type ListFilter,
  type ListOrder,
  type ListPosition,
  listCursor,
  listQueries,
  readListCursor,
} from './list-queries';
import { partHolders } from './part-holders';
import { recordWrites, writeTransaction } from './record-writes';
import { workTrends } from './work-trends';

/**
 * The console's index of the warehouse's records, in its own database: every read and write of it goes
 * through here (see README: another store can replace this module where several console instances
 * share one index).
 */
export function createRecordStore(
  db: ConsoleDatabase,
  { organization, now = Date.now }: { organization: string; now?: () => number },
) {
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
    confirm: db.prepare<[IndexSource, number, string, RecordFamily, string]>(
      'UPDATE records SET source = ?, indexed_ms = ? WHERE org = ? AND family = ? AND reference = ?',
    ),
    getState: db.prepare<[string], { value: string }>('SELECT value FROM sync_state WHERE name = ?'),
    setState: db.prepare<[string, string]>(
      'INSERT INTO sync_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
    ),
    changesAfter: db.prepare<[number, string, number], ChangeRow>(
      `SELECT seq, kind, reference, status, state, status_before, state_before, source, updated_ms, changed
       FROM record_changes WHERE seq > ? AND org = ? ORDER BY seq LIMIT ?`,
    ),
    lastChange: db.prepare<[], { seq: number }>('SELECT coalesce(max(seq), 0) AS seq FROM record_changes'),
    returnsOfOrder: db.prepare<{ org: string; key: string; limit: number }, RecordRow>(
      // CROSS JOIN: the exact key first, not every return of the organization (see return-refunds.ts).
      `SELECT records.* FROM record_exact_values AS exact CROSS JOIN records ON records.id = exact.record_id
       WHERE exact.value = @key AND records.org = @org AND records.kind = 'return'
       ORDER BY records.updated_ms, records.id LIMIT @limit`,
    ),
    activity: db.prepare<[number, number, number], ActivityRow>(
      `SELECT seq, kind, at_ms, source, person, status, status_before, state, state_before, changed, details
       FROM record_changes WHERE record_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
    ),
  };
  // Whoever reads records back from the operator (read-back.ts) hears of those the index cannot settle.
  const uncertainListeners = new Set<(family: RecordFamily, reference: string) => void>();
  const announceUncertain = (family: RecordFamily, reference: string) => {
    for (const listener of uncertainListeners) listener(family, reference);
  };
  const writes = recordWrites(db, {
    organization,
    now,
    byReference: statements.byReference,
    uncertain: announceUncertain,
  });
  const { applyOne } = writes;
  const { logIntake, recordIntake, intakeSummary } = intakeLog(db, now);
  const lists = listQueries(db, organization);

  /**
   * Webhook deliveries that arrived together, each applied and logged in turn, all in one commit: a
   * delivery's version and its log entry are committed together, and a commit (with its WAL pages) is
   * shared by the deliveries rather than paid by each.
   */
  const receiveAllHere = writeTransaction(
    db,
    (deliveries: { document: IndexedDocument | IndexedVersion; bytes: number }[]): ApplyOutcome[] =>
      deliveries.map(({ document, bytes }) => {
        const outcome = applyOne(document, 'webhook');
        logIntake({ outcome, kind: document.kind, reference: document.reference, bytes });
        return outcome;
      }),
  );

  // Whoever follows the change log (the live event stream) hears of each commit and reads what it added.
  const commitListeners = new Set<() => void>();
  const announceCommit = () => {
    for (const listener of commitListeners) listener();
  };
  const announcing =
    <A extends unknown[], R>(write: (...args: A) => R) =>
    (...args: A): R => {
      const result = write(...args);
      announceCommit();
      return result;
    };

  return {
    apply: announcing(writes.apply),
    applyAll: announcing(writes.applyAll),

    /** The record with this reference, or else the one it names in other letter case, as the operator reads it. */
    find(family: RecordFamily, reference: string): IndexedRecord | null {
      const row =
        statements.byReference.get(organization, family, reference) ??
        statements.byReferenceKey
          .all(organization, family, compactForm(reference))
          .find((candidate) => candidate.reference.toLowerCase() === reference.toLowerCase());
      return row ? toRecord(row) : null;
    },

    /**
     * The version held was just read again from `source` (a lookup that found nothing newer): it is as
     * fresh as that read. Nothing changed, so the change log has nothing to add.
     */
    confirm(family: RecordFamily, reference: string, source: IndexSource): void {
      statements.confirm.run(source, now(), organization, family, reference);
    },

    /** Matches of a query, best first (record-search.ts). */
    search: (...asked: Parameters<typeof searchIndex>) => searchIndex(...asked).matches,
    /** The same, with how many matches the search found in all. */
    searchCounted: searchIndex,

    /** The returns that name `orderReference` (in any letter case) as their original order, oldest change first. */
    returnsOfOrder(orderReference: string, limit: number): IndexedRecord[] {
      return statements.returnsOfOrder
        .all({ org: organization, key: originalOrderKey(orderReference), limit })
        .map(toRecord);
    },

    /** The orders, receives and returns that hold a lot or serial number (part-holders.ts), for a trace. */
    holdersOfPart: partHolders(db, organization),

    /**
     * One page of a list, and how many records match in all. The count is exact and reads every match,
     * in an index where the filters allow: the dearest is no filter at all, 40–100 ms per page at a
     * million orders on the 2-core machine (README, "Lists over the index").
     */
    listPage(
      filter: ListFilter,
      order: ListOrder,
      { limit, after }: { limit: number; after?: ListPosition },
    ): { rows: ListedRecord[]; nextCursor: string | null; total: number } {
      const nowMs = now();
      const total = lists.count(filter, nowMs);
      const { rows, next } = lists.page(filter, order, { limit, after, nowMs, countMatches: () => total });
      return { rows, nextCursor: next ? listCursor(order, next) : null, total };
    },

    readListCursor,

    /** What the drift check compares with the operator (drift-check.ts). */
    drift: driftQueries(db, organization),

    /** On-time shipping per day and fill rate per week, up to the reader's day that began at `todayStartMs`. */
    trends: workTrends(db, organization),

    /**
     * Every record a list filter matches, in batches of at most `batchSize` rows read in about `budgetMs`,
     * for an export of any size. The batches are read from one snapshot, so a record that changes
     * meanwhile is neither missed nor read twice; a database in memory (tests) has no second connection
     * to hold one and is read as it goes.
     */
    *listBatches(
      filter: ListFilter,
      order: ListOrder,
      { batchSize, budgetMs }: { batchSize: number; budgetMs: number },
    ): Generator<ListedRecord[], void> {
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

    recordIntake,
    receiveAll: announcing(receiveAllHere),
    /** Once webhook deliveries are answered: their search terms, when enough wait (see record-writes.ts). */
    writeTermsWhenDue: writes.writeTermsWhenDue,

    /** Calls `listener` after each commit that may have added changes; returns how to stop. */
    onCommit(listener: () => void): () => void {
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
    /** For writes committed over another connection (the webhook intake's thread). */
    announceCommit,
    /** Calls `listener` for each record only a read of the operator can settle; returns how to stop. */
    onUncertain(listener: (family: RecordFamily, reference: string) => void): () => void {
      uncertainListeners.add(listener);
      return () => uncertainListeners.delete(listener);
    },
    /** For records found uncertain over another connection (the webhook intake's thread). */
    announceUncertain,
    /** This organization's changes after sequence number `seq`, oldest first, at most `limit`. */
    changesAfter: (seq: number, limit: number): LiveChange[] =>
      statements.changesAfter.all(seq, organization, limit).map(toLiveChange),
    /**
     * A record's versions as the index stored them, newest first: at most `limit`, those before sequence
     * number `before` when given, and where the next older page starts (null: none older).
     */
    activity(
      record: Pick<IndexedRecord, 'id'>,
      { before, limit }: { before: number | null; limit: number },
    ): RecordActivity {
      const rows = statements.activity.all(record.id, before ?? Number.MAX_SAFE_INTEGER, limit + 1);
      const entries = rows.slice(0, limit).map(toRecordChange);
      return { entries, nextBefore: rows.length > limit ? (entries.at(-1)?.seq ?? null) : null };
    },
    /** The newest sequence number of the change log (of any organization; 0 while it is empty). */
    lastChangeSeq: () => statements.lastChange.get()?.seq ?? 0,

    intakeSummary,

    /** The newest `dateLastUpdated` of any order or receive held: how far the index has caught up. */
    newestUpdateMs: () => statements.newestUpdate.get(organization)?.newest ?? null,
    counts: () =>
      Object.fromEntries(statements.countRecords.all(organization).map(({ kind, count }) => [kind, count])),

    readState<T>(name: string): T | null {
      const row = statements.getState.get(`${organization}\u0000${name}`);
      return row ? (JSON.parse(row.value) as T) : null;
    },
    writeState(name: string, value: unknown): void {
      statements.setState.run(`${organization}\u0000${name}`, JSON.stringify(value));
    },
  };
}
export type RecordStore = ReturnType<typeof createRecordStore>;

type ChangeRow = {
  seq: number;
  kind: RecordKind;
  reference: string;
  status: string;
  state: string;
  status_before: string | null;
  state_before: string | null;
  source: IndexSource;
  updated_ms: number;
  changed: string;
};

const toLiveChange = (row: ChangeRow): LiveChange => ({
  seq: row.seq,
  kind: row.kind,
  reference: row.reference,
  status: row.status,
  state: row.state,
  statusBefore: row.status_before,
  stateBefore: row.state_before,
  source: row.source,
  updated: new Date(row.updated_ms).toISOString(),
  changed: JSON.parse(row.changed) as string[],
});

type ActivityRow = Omit<ChangeRow, 'reference' | 'updated_ms'> & {
  at_ms: number;
  person: string | null;
  details: string | null;
};

const toRecordChange = (row: ActivityRow): RecordChange => ({
  seq: row.seq,
  at: new Date(row.at_ms).toISOString(),
  source: row.source,
  person: row.person,
  kind: row.kind,
  status: row.status,
  statusBefore: row.status_before,
  state: row.state,
  stateBefore: row.state_before,
  changed: JSON.parse(row.changed) as string[],
  details: row.details === null ? null : (JSON.parse(row.details) as RecordChange['details']),
});
