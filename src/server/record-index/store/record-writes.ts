import type Database from 'better-sqlite3';
import { compactForm } from '@/domain/search-text';
import type { ConsoleDatabase } from '@/server/console-db';
import type { IndexedDocument, IndexedVersion, RecordFamily } from '../records/indexed-document';
import type { IndexSource, RecordRow } from '../records/indexed-record';
import { type ApplyContext, type ApplyOutcome, versionDecider } from '../records/version-decision';
import {
  columnsOf,
  exactKeysOf,
  readStoredSearchValues,
  searchValuesOfVersion,
} from '../search/search-terms';
import { changeEntryOf } from './change-details';
import { returnRefunds } from './return-refunds';

/**
 * A transaction that takes the write lock as it begins (BEGIN IMMEDIATE). The webhook intake writes over
 * a connection of its own: a transaction that read first and then wrote would fail at once with
 * SQLITE_BUSY had the other connection committed in between, where this one waits its turn.
 */
export function writeTransaction<A extends unknown[], R>(
  db: ConsoleDatabase,
  run: (...args: A) => R,
): (...args: A) => R {
  const transaction = db.transaction(run);
  return (...args) => transaction.immediate(...args);
}

/**
 * Webhook deliveries' search terms wait to be written until this many records wait or the first has
 * waited this long. FTS5 writes a segment per transaction and merges them as they pile up: the terms of
 * one or two records per intake commit cost 80 µs a delivery and a 15–35 ms merge every few hundred
 * (measured at 100,000 orders); written 32 at a time they cost next to nothing. A new value is found by
 * search about 100 ms later.
 */
const termsBatchSize = 32;
const termsWaitMs = 100;
/** After a write of terms failed (the database busy past its timeout, the disk full): try again. */
const termsRetryMs = 1_000;
/** The most records whose terms one transaction writes. */
const termsPerTransaction = 1_000;

/** The columns a newer version may change: its parameter name and its column. */
const updatedColumns = [
  ['kind', 'kind'],
  ['upstreamId', 'upstream_id'],
  ['status', 'status'],
  ['state', 'state'],
  ['warehouse', 'warehouse'],
  ['dueMs', 'due_ms'],
  ['updatedMs', 'updated_ms'],
  ['finishedMs', 'finished_ms'],
  ['title', 'title'],
  ['short', 'short'],
  ['over', 'over'],
  ['announced', 'announced'],
  ['received', 'received'],
  ['unitsShort', 'units_short'],
  ['unitsOver', 'units_over'],
  ['createdMs', 'created_ms'],
  ['glance', 'glance'],
  ['source', 'source'],
  ['indexedMs', 'indexed_ms'],
  ['searchValues', 'search_values'],
  ['doc', 'doc'],
] as const satisfies readonly (readonly [string, keyof RecordRow])[];

/**
 * The index's writes for one organization: each version stored, dropped as a duplicate or as stale, with
 * its search terms and its entry in the change log. `byReference` is the store's read of the version held.
 */
export function recordWrites(
  db: ConsoleDatabase,
  {
    organization,
    now,
    byReference,
    uncertain,
  }: {
    organization: string;
    now: () => number;
    byReference: Database.Statement<[string, RecordFamily, string], RecordRow>;
    /** Called for a record whose version only a read of the operator can settle (see decide). */
    uncertain: (family: RecordFamily, reference: string) => void;
  },
) {
  const decide = versionDecider({ now, uncertain });
  const statements = {
    byReference,
    insert: db.prepare(
      `INSERT INTO records (org, family, reference, reference_key, kind, upstream_id, status, state, warehouse,
         due_ms, updated_ms, finished_ms, title, short, over, announced, received, units_short, units_over,
         created_ms, glance, source, indexed_ms, search_values, doc)
       VALUES (@org, @family, @reference, @referenceKey, @kind, @upstreamId, @status, @state, @warehouse,
         @dueMs, @updatedMs, @finishedMs, @title, @short, @over, @announced, @received, @unitsShort, @unitsOver,
         @createdMs, @glance, @source, @indexedMs, @searchValues, @doc)`,
    ),
    markTermsDue: db.prepare<[number, number]>(
      'INSERT INTO record_terms_due (record_id, fresh) VALUES (?, ?) ON CONFLICT (record_id) DO NOTHING',
    ),
    dueTerms: db.prepare<[number], { id: number; fresh: number; search_values: string }>(
      `SELECT due.record_id AS id, due.fresh, records.search_values
       FROM record_terms_due AS due JOIN records ON records.id = due.record_id LIMIT ?`,
    ),
    termsDueOf: db.prepare<[number], { fresh: number }>(
      'SELECT fresh FROM record_terms_due WHERE record_id = ?',
    ),
    doneTerms: db.prepare<[number]>('DELETE FROM record_terms_due WHERE record_id = ?'),
    deleteTerms: db.prepare<[number]>('DELETE FROM record_terms WHERE rowid = ?'),
    insertTerms: db.prepare(
      'INSERT INTO record_terms (rowid, refs, people, contact, tracking, items) VALUES (@id, @refs, @people, @contact, @tracking, @items)',
    ),
    deleteExactValues: db.prepare<[number]>('DELETE FROM record_exact_values WHERE record_id = ?'),
    insertExactValue: db.prepare<[string, number]>(
      'INSERT INTO record_exact_values (value, record_id) VALUES (?, ?)',
    ),
    insertChange: db.prepare(
      `INSERT INTO record_changes (record_id, org, kind, reference, at_ms, source, updated_ms, status_before,
         status, state_before, state, changed, person, details)
       VALUES (@recordId, @org, @kind, @reference, @atMs, @source, @updatedMs, @statusBefore, @status,
         @stateBefore, @state, @changed, @person, @details)`,
    ),
    claimChange: db.prepare<[string, number, number]>(
      `UPDATE record_changes SET source = 'console', person = ? WHERE seq = (
         SELECT seq FROM record_changes WHERE record_id = ? AND updated_ms = ? ORDER BY seq DESC LIMIT 1)`,
    ),
  };

  const refunds = returnRefunds(db, organization);

  // SQLite rewrites every index over a column the UPDATE sets, changed or not: setting only the columns
  // that changed spares most indexes most of the time (a newer version changes its time, rarely its due
  // date).
  const updateSql = (changed: readonly (typeof updatedColumns)[number][]) =>
    `UPDATE records SET ${changed.map(([name, column]) => `${column} = @${name}`).join(', ')} WHERE id = @id`;
  const updateAll = db.prepare(updateSql(updatedColumns));
  const updates = new Map<string, Database.Statement>();
  /** At most this many shapes of UPDATE are prepared; a rarer shape sets every column. */
  const maxUpdateShapes = 256;
  const updateOf = (changed: readonly (typeof updatedColumns)[number][]): Database.Statement => {
    const sql = updateSql(changed);
    let statement = updates.get(sql);
    if (!statement) {
      if (updates.size >= maxUpdateShapes) return updateAll;
      statement = db.prepare(sql);
      updates.set(sql, statement);
    }
    return statement;
  };

  /**
   * Applies one version; its callers make it part of a transaction. The change log records the person
   * who made a console change. A read that does not say when it began counts as the truth.
   */
  function applyOne(
    incoming: IndexedDocument | IndexedVersion,
    source: IndexSource,
    { person = null, readStartedMs = Number.POSITIVE_INFINITY }: ApplyContext = {},
  ): ApplyOutcome {
    const text = 'text' in incoming ? incoming.text : JSON.stringify(incoming.document);
    const stored = statements.byReference.get(organization, incoming.family, incoming.reference);
    const outcome = decide(stored, incoming, text, source, readStartedMs);
    // The sandbox sends its webhook as it commits, so the version the console made may be stored already:
    // its change is still the person's.
    if (outcome === 'duplicate' && source === 'console' && person !== null && stored) {
      statements.claimChange.run(person, stored.id, stored.updated_ms);
    }
    if (outcome !== 'stored') return outcome;
    const { searchValues, indexed } = searchValuesOfVersion(stored?.search_values, incoming.searchValues);
    const columns = {
      org: organization,
      family: incoming.family,
      reference: incoming.reference,
      referenceKey: compactForm(incoming.reference),
      kind: incoming.kind,
      upstreamId: incoming.id,
      status: incoming.status,
      state: incoming.state,
      warehouse: incoming.warehouse,
      dueMs: incoming.dueMs,
      updatedMs: incoming.updatedMs,
      finishedMs: incoming.finishedMs,
      title: incoming.title,
      short: incoming.short ? 1 : 0,
      over: incoming.over ? 1 : 0,
      announced: incoming.announced,
      received: incoming.received,
      unitsShort: incoming.unitsShort,
      unitsOver: incoming.unitsOver,
      createdMs: incoming.createdMs,
      glance: JSON.stringify(incoming.glance),
      source,
      indexedMs: now(),
      searchValues,
      doc: text,
    };
    let id: number;
    if (stored) {
      id = stored.id;
      const changedColumns = updatedColumns.filter(([name, column]) => stored[column] !== columns[name]);
      if (changedColumns.length > 0) updateOf(changedColumns).run({ ...columns, id });
    } else {
      id = Number(statements.insert.run(columns).lastInsertRowid);
    }
    // Exact emails and phones are findable as soon as the record is (a B-tree takes no batching).
    if (indexed) {
      if (stored) statements.deleteExactValues.run(id);
      for (const key of exactKeysOf(indexed)) statements.insertExactValue.run(key, id);
    }
    refunds.afterStore(
      {
        id,
        kind: incoming.kind,
        reference: incoming.reference,
        doc: text,
        searchValues: incoming.searchValues,
      },
      stored?.search_values ?? null,
    );
    // The terms are made from the search values alone. A webhook's wait to be written with others'.
    if (indexed && source === 'webhook') {
      statements.markTermsDue.run(id, stored ? 0 : 1);
      if (termsWaiting.count++ === 0) {
        termsWaiting.sinceMs = performance.now();
        writeTermsSoon(termsWaitMs);
      }
    } else if (indexed) {
      const due = statements.termsDueOf.get(id);
      if (stored && !due?.fresh) statements.deleteTerms.run(id);
      statements.insertTerms.run({ id, ...columnsOf(indexed) });
      if (due) statements.doneTerms.run(id);
    }
    const change = changeEntryOf(stored, incoming, text);
    statements.insertChange.run({
      ...change,
      recordId: id,
      org: organization,
      atMs: now(),
      source,
      changed: JSON.stringify(change.changed),
      person,
      details: change.details === null ? null : JSON.stringify(change.details),
    });
    return 'stored';
  }

  /**
   * Webhook deliveries' records marked due by this connection since it last wrote terms (a count that
   * rolled-back marks may inflate, which only brings a write forward), since when, and the write planned.
   */
  const termsWaiting = { count: 0, sinceMs: 0, timer: undefined as NodeJS.Timeout | undefined };

  function writeTermsSoon(delayMs: number): void {
    termsWaiting.timer ??= setTimeout(() => {
      termsWaiting.timer = undefined;
      writeDueTerms();
    }, delayMs).unref();
  }

  /**
   * Writes the search terms that are due, whoever marked them, in a transaction of their own: a failure
   * delays them (tried again a second later) and fails no delivery.
   */
  const writeTermsTransaction = writeTransaction(db, () => {
    const due = statements.dueTerms.all(termsPerTransaction);
    for (const { id, fresh, search_values } of due) {
      if (!fresh) statements.deleteTerms.run(id);
      statements.insertTerms.run({ id, ...columnsOf(readStoredSearchValues(search_values)) });
      statements.doneTerms.run(id);
    }
    return due.length;
  });
  function writeDueTerms(): void {
    if (!db.open) return;
    clearTimeout(termsWaiting.timer);
    termsWaiting.timer = undefined;
    try {
      const written = writeTermsTransaction();
      termsWaiting.count = 0;
      // A full transaction may have left more.
      if (written === termsPerTransaction) writeTermsSoon(0);
    } catch {
      writeTermsSoon(termsRetryMs);
    }
  }
  // Left by a connection that closed before writing them (a stop, a crash).
  if (statements.dueTerms.get(1)) writeTermsSoon(0);

  /** After webhook deliveries are committed (and answered): writes the search terms due, once enough wait. */
  function writeTermsWhenDue(): void {
    if (termsWaiting.count === 0) return;
    const waitedMs = performance.now() - termsWaiting.sinceMs;
    if (termsWaiting.count >= termsBatchSize || waitedMs >= termsWaitMs) writeDueTerms();
  }

  const apply = writeTransaction(db, applyOne);
  /** One transaction for a page of documents: a sync page costs one commit, not two hundred. */
  const applyAll = writeTransaction(
    db,
    (documents: IndexedDocument[], source: IndexSource, context: ApplyContext = {}): ApplyOutcome[] =>
      documents.map((document) => applyOne(document, source, context)),
  );

  return { applyOne, apply, applyAll, writeTermsWhenDue };
}
