import type { PostgresDatabase } from '../../../store/postgres-database';
import { toRecord } from '../../records/indexed-record';
import { originalOrderKey, partKey } from '../../search/search-terms';
import type { RecordStore } from '../record-store-port';
import { recordColumns, toRecordRow } from './postgres-record-row';

/** `recordColumns` of the records table named `records`, for a query that joins it. */
const joinedColumns = recordColumns
  .split(',')
  .map((column) => `records.${column.trim()}`)
  .join(', ');

/**
 * The records another one leads to, on PostgreSQL, as RecordStore's `returnsOfOrder` and `holdersOfPart`:
 * through the exact keys every write keeps (record_exact_values), a B-tree read whatever the size of the
 * index, oldest change first, as SQLite's store and part-holders.ts read them.
 */
export function postgresRecordRelations(
  db: PostgresDatabase,
  organization: string,
): Pick<RecordStore, 'returnsOfOrder' | 'holdersOfPart'> {
  async function holdersOfKey(key: string, limit: number, onlyKind: 'return' | null) {
    const { rows } = await db.query(
      `SELECT ${joinedColumns} FROM record_exact_values AS exact JOIN records ON records.id = exact.record_id
       WHERE exact.value = $1 AND records.org = $2 AND ($3::text IS NULL OR records.kind = $3)
       ORDER BY records.updated_ms, records.id LIMIT $4`,
      [key, organization, onlyKind, limit],
    );
    return rows.map((row) => toRecord(toRecordRow(row)));
  }
  return {
    /** The returns that name `orderReference` (in any letter case) as their original order. */
    returnsOfOrder: (orderReference, limit) =>
      holdersOfKey(originalOrderKey(orderReference), limit, 'return'),
    /** The orders, receives and returns that hold a lot or serial number (any letter case), for a trace. */
    holdersOfPart: (value, limit) => holdersOfKey(partKey(value.trim()), limit, null),
  };
}
