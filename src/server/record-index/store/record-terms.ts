import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import { columnsOf, type IndexedValue, readStoredSearchValues } from '../search/search-terms';
import { writeTransaction } from './write-transaction';

/**
 * Webhook deliveries' search terms wait to be written until this many records wait or the first has
 * waited this long. FTS5 writes a segment per transaction and merges them as they pile up: the terms of
 * one or two records per intake commit cost every delivery a segment and a merge every few hundred, written
 * 32 at a time next to nothing (docs/performance.md). A new value is found by search `termsWaitMs` later.
 */
const termsBatchSize = 32;
const termsWaitMs = 100;
/** After a write of terms failed (the database busy past its timeout, the disk full): try again. */
const termsRetryMs = 1_000;
/** The most records whose terms one transaction writes. */
const termsPerTransaction = 1_000;

function termsStatements(db: ConsoleDatabase) {
  return {
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
  };
}

/**
 * The full-text search terms of records (FTS5), made from their search values alone: written with the
 * record, or for a webhook delivery, later with others' (see termsBatchSize).
 */
export function recordTerms(db: ConsoleDatabase) {
  const statements = termsStatements(db);

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

  // Webhook deliveries' search terms are written in the turn after their commit: the intake answers them first.
  let termsPlanned = false;
  const writeTermsAfterAnswers = () => {
    if (termsPlanned) return;
    termsPlanned = true;
    setImmediate(() => {
      termsPlanned = false;
      writeTermsWhenDue();
    });
  };

  return {
    /** Writes a record's terms as part of its write; `replacing` when a version of it was stored before. */
    write(id: number, indexed: IndexedValue[], replacing: boolean): void {
      const due = statements.termsDueOf.get(id);
      if (replacing && !due?.fresh) statements.deleteTerms.run(id);
      statements.insertTerms.run({ id, ...columnsOf(indexed) });
      if (due) statements.doneTerms.run(id);
    },
    /** Marks a webhook delivery's record for its terms to be written with others'; `fresh` when it is new. */
    markDue(id: number, fresh: boolean): void {
      statements.markTermsDue.run(id, fresh ? 1 : 0);
      if (termsWaiting.count++ === 0) {
        termsWaiting.sinceMs = performance.now();
        writeTermsSoon(termsWaitMs);
      }
    },
    writeTermsAfterAnswers,
  };
}
