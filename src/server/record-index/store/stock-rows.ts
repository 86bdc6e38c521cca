import type { StockMovement } from '../../../domain/stock-movements';
import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import type { RecordStore } from './record-store-port';
import { maxLotsOfProduct, readStockCursor, type SummedRow, stockPageOf } from './stock-keysets';
import { productTotalsSql, stockTotalsPageSql } from './stock-queries';

/**
 * A record's rows of the stock table (record_stock) on SQLite: what it moves of each product, warehouse and
 * lot (stock-movements.ts), written again with each version stored, inside its write's transaction. The
 * stock of a lot is the sum of its rows, so it follows the versions the index keeps, whatever order,
 * repeats or gaps they came in; the triggers of migration 0018 keep each lot's sums (stock_totals) as the
 * rows come and go.
 */
export function stockRows(db: ConsoleDatabase, organization: string) {
  const clear = db.prepare<[number]>('DELETE FROM record_stock WHERE record_id = ?');
  const insert = db.prepare(
    `INSERT INTO record_stock (org, product_code, warehouse, lot, record_id, expiry, received, returned,
       shipped, incoming, committed)
     VALUES (@org, @productCode, @warehouse, @lot, @recordId, @expiry, @received, @returned, @shipped,
       @incoming, @committed)`,
  );
  return (recordId: number, movements: readonly StockMovement[], stored: boolean): void => {
    if (stored) clear.run(recordId);
    for (const movement of movements) insert.run({ ...movement, org: organization, recordId });
  };
}

/** Parameters as SQLite names them, `org` the organization's and any `given`. */
export function sqliteParameters(organization: string, given: Record<string, string | number> = {}) {
  const values: Record<string, string | number> = { org: organization, ...given };
  const parameter = (name: string, value: string | number) => {
    if (!(name in values)) values[name] = value;
    return `@${name}`;
  };
  return { values, parameter };
}

/** The stock list and a product's stock on SQLite, as RecordStore's `stockPage` and `productStock`. */
export function stockReads(
  db: ConsoleDatabase,
  organization: string,
): Pick<RecordStore, 'stockPage' | 'productStock' | 'readStockCursor'> {
  const prepared = new Map<string, ReturnType<ConsoleDatabase['prepare']>>();
  const all = (sql: string, values: Record<string, string | number>) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      prepared.set(sql, statement);
    }
    return statement.all(values) as SummedRow[];
  };
  return {
    async stockPage(filter, { limit, after }) {
      const { values, parameter } = sqliteParameters(organization);
      const rows = all(stockTotalsPageSql(filter, after ?? null, limit, parameter), values);
      return stockPageOf(filter, rows, limit);
    },
    async productStock(productCode) {
      const { values, parameter } = sqliteParameters(organization);
      const rows = all(productTotalsSql(productCode, parameter), values);
      return {
        levels: stockPageOf({ direction: 'asc' }, rows, maxLotsOfProduct).rows,
        truncated: rows.length > maxLotsOfProduct,
      };
    },
    readStockCursor,
  };
}
