import Database from 'better-sqlite3';
import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import { type ListPosition, listCursor, readListCursor } from './list-keysets';
import { listQueries } from './list-queries';
import type { RecordStore } from './record-store-port';

/** The index's lists and exports on SQLite, as RecordStore's `listPage`, `readListCursor` and `listBatches`. */
export function listReads(
  db: ConsoleDatabase,
  { organization, now }: { organization: string; now: () => number },
): Pick<RecordStore, 'listPage' | 'readListCursor' | 'listBatches'> {
  const lists = listQueries(db, organization);
  return {
    /**
     * The count is exact and reads every match, in an index where the filters allow: the dearest is no
     * filter at all (docs/performance.md, "Lists over the index").
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
  };
}
