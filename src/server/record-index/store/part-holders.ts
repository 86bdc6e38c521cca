import type { ConsoleDatabase } from '../../console-db';
import { type IndexedRecord, type RecordRow, toRecord } from '../records/indexed-record';
import { partKey } from '../search/search-terms';

/**
 * The records that hold a lot or serial number (`value`, any letter case), oldest change first, at most
 * `limit`: through its exact key, a B-tree read whatever the size of the index.
 */
export function partHolders(db: ConsoleDatabase, organization: string) {
  // CROSS JOIN: the exact key first, not every record of the organization.
  const holders = db.prepare<{ org: string; key: string; limit: number }, RecordRow>(
    `SELECT records.* FROM record_exact_values AS exact CROSS JOIN records ON records.id = exact.record_id
     WHERE exact.value = @key AND records.org = @org
     ORDER BY records.updated_ms, records.id LIMIT @limit`,
  );
  return (value: string, limit: number): IndexedRecord[] =>
    holders.all({ org: organization, key: partKey(value.trim()), limit }).map(toRecord);
}
