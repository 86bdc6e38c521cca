import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import { partKey } from '../search/search-terms';
import { entriesOfRows } from './record-parts';
import type { RecordStore } from './record-store-port';

/**
 * What the records that hold a lot or serial number (`value`, any letter case) say of it, at most `limit`
 * records, oldest change first: their rows of `record_parts`, found through its key, never a document.
 */
export function partHolders(db: ConsoleDatabase, organization: string): RecordStore['partEntries'] {
  // CROSS JOIN: the part's rows first, not every record of the organization.
  const holders = db.prepare<{ org: string; key: string; limit: number }, { entries: string }>(
    `SELECT parts.entries FROM record_parts AS parts CROSS JOIN records ON records.id = parts.record_id
     WHERE parts.part_key = @key AND records.org = @org
     ORDER BY records.updated_ms, records.id LIMIT @limit`,
  );
  return async (value, limit) => {
    const rows = holders.all({ org: organization, key: partKey(value.trim()), limit: limit + 1 });
    return { entries: entriesOfRows(rows.slice(0, limit)), truncated: rows.length > limit };
  };
}
