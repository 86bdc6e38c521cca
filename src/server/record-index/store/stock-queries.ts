import {
  afterPrefix,
  maxLotsOfProduct,
  type StockFilter,
  type StockPosition,
  summedColumns,
} from './stock-keysets';

// The stock list's and a product's stock SQL, the same text for both engines but for how a parameter is
// written (SQLite's @name, PostgreSQL's $n): `parameter` names a value and answers its placeholder.

type Parameter = (name: string, value: string | number) => string;

/**
 * One page of the stock list: groups of movements (product, warehouse, lot) in the order of the table's
 * key after `after`, summed; a filter by expiry reads only the lots that have one by then (an index).
 */
export function stockPageSql(
  filter: StockFilter,
  after: StockPosition | null,
  limit: number,
  parameter: Parameter,
): string {
  const where = [`org = ${parameter('org', '')}`];
  const comparison = filter.direction === 'asc' ? '>' : '<';
  if (after) {
    where.push(
      `(product_code, warehouse, lot) ${comparison} (${parameter('afterProduct', after[0])}, ${parameter('afterWarehouse', after[1])}, ${parameter('afterLot', after[2])})`,
    );
  }
  if (filter.warehouse !== undefined) where.push(`warehouse = ${parameter('warehouse', filter.warehouse)}`);
  if (filter.query !== undefined) {
    const typed = filter.query;
    const capitals = typed.toUpperCase();
    where.push(
      `((product_code >= ${parameter('typed', typed)} AND product_code < ${parameter('typedEnd', afterPrefix(typed))})
        OR (product_code >= ${parameter('capitals', capitals)} AND product_code < ${parameter('capitalsEnd', afterPrefix(capitals))})
        OR lot = ${parameter('typedLot', typed)} OR lot = ${parameter('capitalLot', capitals)})`,
    );
  }
  const having: string[] = [];
  if (filter.expiringBy !== undefined) {
    const by = parameter('expiringBy', filter.expiringBy);
    where.push(
      `lot IN (SELECT lot FROM record_stock WHERE org = ${parameter('org', '')} AND expiry IS NOT NULL AND expiry <= ${by})`,
    );
    having.push(`MIN(expiry) <= ${by}`, 'SUM(received) + SUM(returned) - SUM(shipped) > 0');
  }
  const direction = filter.direction === 'asc' ? 'ASC' : 'DESC';
  return `SELECT ${summedColumns} FROM record_stock WHERE ${where.join(' AND ')}
    GROUP BY product_code, warehouse, lot ${having.length > 0 ? `HAVING ${having.join(' AND ')}` : ''}
    ORDER BY product_code ${direction}, warehouse ${direction}, lot ${direction}
    LIMIT ${parameter('limit', limit + 1)}`;
}

/** One product's stock by warehouse and lot, at most maxLotsOfProduct groups and one to know there are more. */
export function productStockSql(productCode: string, parameter: Parameter): string {
  return `SELECT ${summedColumns} FROM record_stock
    WHERE org = ${parameter('org', '')} AND product_code = ${parameter('productCode', productCode)}
    GROUP BY product_code, warehouse, lot ORDER BY warehouse, lot LIMIT ${maxLotsOfProduct + 1}`;
}
