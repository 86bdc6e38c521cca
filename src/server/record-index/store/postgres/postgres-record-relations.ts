import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import { toRecord } from '../../records/indexed-record';
import { originalOrderKey, partKey } from '../../search/search-terms';
import { entriesOfRows } from '../record-parts';
import type { RecordStore } from '../record-store-port';
import { recordColumns, toRecordRow } from './postgres-record-row';

/** `recordColumns` of the records table named `records`, for a query that joins it. */
const joinedColumns = recordColumns
  .split(',')
  .map((column) => `records.${column.trim()}`)
  .join(', ');

/**
 * The records another one leads to, on PostgreSQL, as RecordStore's `returnsOfOrder` and `partEntries`:
 * through the keys every write keeps (record_exact_values, record_parts), a B-tree read whatever the size
 * of the index, oldest change first, as SQLite's store and part-holders.ts read them.
 */
export function postgresRecordRelations(
  db: PostgresDatabase,
  organization: string,
): Pick<RecordStore, 'returnsOfOrder' | 'partEntries'> {
  return {
    /** The returns that name `orderReference` (in any letter case) as their original order. */
    async returnsOfOrder(orderReference, limit) {
      const { rows } = await db.query(
        `SELECT ${joinedColumns} FROM record_exact_values AS exact JOIN records ON records.id = exact.record_id
         WHERE exact.value = $1 AND records.org = $2 AND records.kind = 'return'
         ORDER BY records.updated_ms, records.id LIMIT $3`,
        [originalOrderKey(orderReference), organization, limit],
      );
      return rows.map((row) => toRecord(toRecordRow(row)));
    },
    /** What the records that hold a lot or serial number (any letter case) say of it, for a trace. */
    async partEntries(value, limit) {
      const { rows } = await db.query<{ entries: string }>(
        `SELECT parts.entries FROM record_parts AS parts JOIN records ON records.id = parts.record_id
         WHERE parts.part_key = $1 AND records.org = $2
         ORDER BY records.updated_ms, records.id LIMIT $3`,
        [partKey(value.trim()), organization, limit + 1],
      );
      return { entries: entriesOfRows(rows.slice(0, limit)), truncated: rows.length > limit };
    },
  };
}
