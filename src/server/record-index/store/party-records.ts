import type { ConsoleDatabase } from '../../console-db';
import { type RecordRow, toRecord } from '../records/indexed-record';
import { type CountRow, partyPageOf, partySql } from './party-keysets';
import type { RecordStore } from './record-store-port';
import { sqliteParameters } from './stock-rows';

/** A customer's or supplier's records on SQLite, as RecordStore's `partyRecords`. */
export function partyRecords(db: ConsoleDatabase, organization: string): RecordStore['partyRecords'] {
  const prepared = new Map<string, ReturnType<ConsoleDatabase['prepare']>>();
  const all = <R>(sql: string, values: Record<string, string | number>) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      prepared.set(sql, statement);
    }
    return statement.all(values) as R[];
  };
  return async (exactKey, kinds, { limit, after }) => {
    const { values, parameter } = sqliteParameters(organization, { key: exactKey });
    const sql = partySql(kinds, after ?? null, limit, 'records.*', parameter);
    const rows = all<RecordRow>(sql.page, values);
    return partyPageOf(rows.map(toRecord), all<CountRow>(sql.counts, values), limit);
  };
}
