import type Database from 'better-sqlite3';
import { compactForm } from '../../../domain/search-text';
import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import type { IndexedDocument, IndexedVersion, RecordFamily } from '../records/indexed-document';
import type { IndexSource, RecordRow } from '../records/indexed-record';
import { type ApplyContext, type ApplyOutcome, versionDecider } from '../records/version-decision';
import { spellingWordsOf } from '../search/close-spellings';
import { exactKeysOf, searchValuesOfVersion } from '../search/search-terms';
import { changeEntryOf } from './change-details';
import { partRowsOf } from './record-parts';
import type { IntakeEntry, ReceivedDelivery } from './record-store-port';
import { recordTerms } from './record-terms';
import { returnRefunds } from './return-refunds';
import { writeTransaction } from './write-transaction';

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
 * The statement that sets the columns of a record a newer version changed. SQLite rewrites every index over
 * a column the UPDATE sets, changed or not: setting only the columns that changed spares most indexes most
 * of the time (a newer version changes its time, rarely its due date).
 */
function changedColumnsUpdates(db: ConsoleDatabase) {
  const updateSql = (changed: readonly (typeof updatedColumns)[number][]) =>
    `UPDATE records SET ${changed.map(([name, column]) => `${column} = @${name}`).join(', ')} WHERE id = @id`;
  const updateAll = db.prepare(updateSql(updatedColumns));
  const updates = new Map<string, Database.Statement>();
  /** At most this many shapes of UPDATE are prepared; a rarer shape sets every column. */
  const maxUpdateShapes = 256;
  return (changed: readonly (typeof updatedColumns)[number][]): Database.Statement => {
    const sql = updateSql(changed);
    let statement = updates.get(sql);
    if (!statement) {
      if (updates.size >= maxUpdateShapes) return updateAll;
      statement = db.prepare(sql);
      updates.set(sql, statement);
    }
    return statement;
  };
}

function writeStatements(db: ConsoleDatabase) {
  return {
    byReference: db.prepare<[string, RecordFamily, string], RecordRow>(
      'SELECT * FROM records WHERE org = ? AND family = ? AND reference = ?',
    ),
    insert: db.prepare(
      `INSERT INTO records (org, family, reference, reference_key, kind, upstream_id, status, state, warehouse,
         due_ms, updated_ms, finished_ms, title, short, over, announced, received, units_short, units_over,
         created_ms, glance, source, indexed_ms, search_values, doc)
       VALUES (@org, @family, @reference, @referenceKey, @kind, @upstreamId, @status, @state, @warehouse,
         @dueMs, @updatedMs, @finishedMs, @title, @short, @over, @announced, @received, @unitsShort, @unitsOver,
         @createdMs, @glance, @source, @indexedMs, @searchValues, @doc)`,
    ),
    deleteExactValues: db.prepare<[number]>('DELETE FROM record_exact_values WHERE record_id = ?'),
    insertExactValue: db.prepare<[string, number]>(
      'INSERT INTO record_exact_values (value, record_id) VALUES (?, ?)',
    ),
    insertSpellingWord: db.prepare<[string]>('INSERT OR IGNORE INTO search_words (word) VALUES (?)'),
    deleteParts: db.prepare<[number]>('DELETE FROM record_parts WHERE record_id = ?'),
    insertPart: db.prepare<[string, number, string]>(
      'INSERT INTO record_parts (part_key, record_id, entries) VALUES (?, ?, ?)',
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
}

/** A record's columns as a version stored makes them, by the parameter names of `updatedColumns`. */
function columnsOfVersion(
  organization: string,
  incoming: IndexedDocument | IndexedVersion,
  text: string,
  source: IndexSource,
  searchValues: string,
  indexedMs: number,
) {
  return {
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
    indexedMs,
    searchValues,
    doc: text,
  };
}

type WriteContext = {
  organization: string;
  now: () => number;
  /** Called for a record whose version only a read of the operator can settle (see decide). */
  uncertain: (family: RecordFamily, reference: string) => void;
};

/**
 * The write of one version: stored, dropped as a duplicate or as stale, with its search terms (`terms`)
 * and its entry in the change log.
 */
function versionApplier(
  db: ConsoleDatabase,
  { organization, now, uncertain, terms }: WriteContext & { terms: ReturnType<typeof recordTerms> },
) {
  const decide = versionDecider({ now, uncertain });
  const statements = writeStatements(db);
  const updateOf = changedColumnsUpdates(db);
  const refunds = returnRefunds(db, organization);

  /**
   * Applies one version; its callers make it part of a transaction. The change log records the person
   * who made a console change. A read that does not say when it began counts as the truth.
   */
  return function applyOne(
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
    const columns = columnsOfVersion(organization, incoming, text, source, searchValues, now());
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
      for (const word of spellingWordsOf(indexed)) statements.insertSpellingWord.run(word);
    }
    if (incoming.family !== 'product') {
      if (stored) statements.deleteParts.run(id);
      for (const { key, entries } of partRowsOf(incoming.parts)) statements.insertPart.run(key, id, entries);
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
    if (indexed && source === 'webhook') terms.markDue(id, !stored);
    else if (indexed) terms.write(id, indexed, Boolean(stored));
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
  };
}

/**
 * The index's writes for one organization, as RecordStore's `apply`, `applyAll`, `applyOrConfirm` and
 * `receiveAll`, each one transaction: each version stored, dropped as a duplicate or as stale, with its
 * search terms and its entry in the change log. Webhook deliveries are logged with `logIntake`, and their
 * search terms written once the store calls `writeTermsAfterAnswers`.
 */
export function recordWrites(
  db: ConsoleDatabase,
  { organization, now, uncertain, logIntake }: WriteContext & { logIntake: (entry: IntakeEntry) => void },
) {
  const terms = recordTerms(db);
  const applyOne = versionApplier(db, { organization, now, uncertain, terms });
  const confirm = db.prepare<[IndexSource, number, string, RecordFamily, string]>(
    'UPDATE records SET source = ?, indexed_ms = ? WHERE org = ? AND family = ? AND reference = ?',
  );

  return {
    apply: writeTransaction(db, applyOne),
    /** One transaction for a page of documents: a sync page costs one commit, not two hundred. */
    applyAll: writeTransaction(
      db,
      (documents: IndexedDocument[], source: IndexSource, context: ApplyContext = {}): ApplyOutcome[] =>
        documents.map((document) => applyOne(document, source, context)),
    ),
    applyOrConfirm: writeTransaction(
      db,
      (document: IndexedDocument, source: IndexSource, context?: ApplyContext): ApplyOutcome => {
        const outcome = applyOne(document, source, context);
        if (outcome === 'duplicate')
          confirm.run(source, now(), organization, document.family, document.reference);
        return outcome;
      },
    ),
    /**
     * Webhook deliveries that arrived together, each applied and logged in turn, all in one commit: a
     * delivery's version and its log entry are committed together, and a commit (with its WAL pages) is
     * shared by the deliveries rather than paid by each.
     */
    receiveAll: writeTransaction(db, (deliveries: ReceivedDelivery[]): ApplyOutcome[] =>
      deliveries.map(({ document, bytes }) => {
        const outcome = applyOne(document, 'webhook');
        logIntake({ outcome, kind: document.kind, reference: document.reference, bytes });
        return outcome;
      }),
    ),
    writeTermsAfterAnswers: terms.writeTermsAfterAnswers,
  };
}
