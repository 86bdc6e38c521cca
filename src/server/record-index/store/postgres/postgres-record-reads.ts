import { compactForm } from '../../../../domain/search-text';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import type { RecordFamily, RecordKind } from '../../records/indexed-document';
import { type IndexedRecord, type IndexSource, toRecord } from '../../records/indexed-record';
import { heldAmong } from '../held-references';
import { recordColumns, sameReference, toRecordRow } from './postgres-record-row';

/**
 * The index's reads of one record and of its own state on PostgreSQL, as RecordStore's `find`, `heldReferences`, `confirm`,
 * `readState`, `writeState`, `counts` and `newestUpdateMs`.
 */
export function postgresRecordReads(
  db: PostgresDatabase,
  { organization, now = Date.now }: { organization: string; now?: () => number },
) {
  /** Sync state is kept per organization (SQLite's store joins the two with a NUL, which text here cannot hold). */
  const stateName = (name: string) => JSON.stringify([organization, name]);
  return {
    /** The record with this reference, or else the one it names in other letter case, as the operator reads it. */
    async find(family: RecordFamily, reference: string): Promise<IndexedRecord | null> {
      const { rows } = await db.query(
        `SELECT ${recordColumns} FROM records WHERE org = $1 AND family = $2 AND reference_key = $3 LIMIT 20`,
        [organization, family, compactForm(reference)],
      );
      const row = sameReference(rows.map(toRecordRow), reference);
      return row ? toRecord(row) : null;
    },

    /** Which of these references the index holds (in any letter case), each as it was asked; in one query. */
    async heldReferences(family: RecordFamily, references: readonly string[]): Promise<string[]> {
      const keys = [...new Set(references.map(compactForm))];
      const { rows } = await db.query<{ reference: string }>(
        'SELECT reference FROM records WHERE org = $1 AND family = $2 AND reference_key = ANY($3::text[])',
        [organization, family, keys],
      );
      return heldAmong(references, rows);
    },

    /** The version held was just read again from `source`: it is as fresh as that read. */
    async confirm(family: RecordFamily, reference: string, source: IndexSource): Promise<void> {
      await db.query(
        'UPDATE records SET source = $1, indexed_ms = $2 WHERE org = $3 AND family = $4 AND reference = $5',
        [source, now(), organization, family, reference],
      );
    },

    /** The newest `dateLastUpdated` of any order or receive held: how far the index has caught up. */
    async newestUpdateMs(): Promise<number | null> {
      const { rows } = await db.query<{ newest: string | null }>(
        "SELECT max(updated_ms) AS newest FROM records WHERE org = $1 AND family != 'product'",
        [organization],
      );
      const newest = rows[0]?.newest ?? null;
      return newest === null ? null : Number(newest);
    },

    async counts(): Promise<Record<string, number>> {
      const { rows } = await db.query<{ kind: RecordKind; count: string }>(
        'SELECT kind, count(*) AS count FROM records WHERE org = $1 GROUP BY kind',
        [organization],
      );
      return Object.fromEntries(rows.map(({ kind, count }) => [kind, Number(count)]));
    },

    async readState<T>(name: string): Promise<T | null> {
      const { rows } = await db.query<{ value: string }>('SELECT value FROM sync_state WHERE name = $1', [
        stateName(name),
      ]);
      return rows[0] ? (JSON.parse(rows[0].value) as T) : null;
    },
    async writeState(name: string, value: unknown): Promise<void> {
      await db.query(
        `INSERT INTO sync_state (name, value) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
        [stateName(name), JSON.stringify(value)],
      );
    },
  };
}
