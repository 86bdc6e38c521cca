import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import type { RecordStore } from '../record-store-port';
import { maxLotsOfProduct, readStockCursor, type SummedRow, stockPageOf } from '../stock-keysets';
import { productStockSql, stockPageSql } from '../stock-queries';

/** Parameters as PostgreSQL numbers them, $1 the organization, then any `given`. */
export function postgresParameters(organization: string, given: Record<string, string | number> = {}) {
  const values: (string | number)[] = [organization, ...Object.values(given)];
  const numbers = new Map<string, number>([
    ['org', 1],
    ...Object.keys(given).map((name, index) => [name, index + 2] as [string, number]),
  ]);
  const parameter = (name: string, value: string | number) => {
    let number = numbers.get(name);
    if (number === undefined) {
      values.push(value);
      number = values.length;
      numbers.set(name, number);
    }
    return `$${number}`;
  };
  return { values, parameter };
}

/** The stock list and a product's stock on PostgreSQL, as stock-rows.ts reads them on SQLite. */
export function postgresStockReads(
  db: PostgresDatabase,
  organization: string,
): Pick<RecordStore, 'stockPage' | 'productStock' | 'readStockCursor'> {
  const all = async (sql: string, values: (string | number)[]) =>
    (await db.query<SummedRow>(sql, values)).rows;
  return {
    async stockPage(filter, { limit, after }) {
      const { values, parameter } = postgresParameters(organization);
      const rows = await all(stockPageSql(filter, after ?? null, limit, parameter), values);
      return stockPageOf(filter, rows, limit);
    },
    async productStock(productCode) {
      const { values, parameter } = postgresParameters(organization);
      const rows = await all(productStockSql(productCode, parameter), values);
      return {
        levels: stockPageOf({ direction: 'asc' }, rows, maxLotsOfProduct).rows,
        truncated: rows.length > maxLotsOfProduct,
      };
    },
    readStockCursor,
  };
}
