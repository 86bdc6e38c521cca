import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import { toRecord } from '../../records/indexed-record';
import { type CountRow, partyCountsSql, partyPageOf, partyPageSql } from '../party-keysets';
import type { RecordStore } from '../record-store-port';
import { recordColumns, toRecordRow } from './postgres-record-row';
import { postgresParameters } from './postgres-stock-reads';

/** `recordColumns` of the records table named `records`, for a query that joins it. */
const joinedColumns = recordColumns
  .split(',')
  .map((column) => `records.${column.trim()}`)
  .join(', ');

/** A customer's or supplier's records on PostgreSQL, as party-records.ts reads them on SQLite. */
export function postgresPartyRecords(
  db: PostgresDatabase,
  organization: string,
): RecordStore['partyRecords'] {
  return async (exactKey, kinds, { limit, after }) => {
    const pageParameters = postgresParameters(organization, { key: exactKey });
    const pageSql = partyPageSql(
      kinds,
      after ?? null,
      limit,
      joinedColumns,
      pageParameters.parameter,
      'JOIN',
    );
    const countParameters = postgresParameters(organization, { key: exactKey });
    const countsSql = partyCountsSql(kinds, countParameters.parameter, 'JOIN');
    const [page, counts] = await Promise.all([
      db.query(pageSql, pageParameters.values),
      db.query<CountRow>(countsSql, countParameters.values),
    ]);
    return partyPageOf(
      page.rows.map((row) => toRecord(toRecordRow(row))),
      counts.rows,
      limit,
    );
  };
}
