import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import { type RecordRow, toRecord } from '../records/indexed-record';
import { type CountRow, partyCountsSql, partyPageOf, partyPageSql } from './party-keysets';
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
    const page = sqliteParameters(organization, { key: exactKey });
    const pageSql = partyPageSql(kinds, after ?? null, limit, 'records.*', page.parameter, 'CROSS JOIN');
    const counts = sqliteParameters(organization, { key: exactKey });
    const countsSql = partyCountsSql(kinds, counts.parameter, 'CROSS JOIN');
    const rows = all<RecordRow>(pageSql, page.values);
    return partyPageOf(rows.map(toRecord), all<CountRow>(countsSql, counts.values), limit);
  };
}
