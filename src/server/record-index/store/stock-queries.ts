import {
  afterPrefix,
  maxLotsOfProduct,
  type StockFilter,
  type StockPosition,
  summedColumns,
} from './stock-keysets';

// The stock list's and a product's stock SQL, the same text for both engines but for how a parameter is
// written (SQLite's @name, PostgreSQL's $n): `parameter` names a value and answers its placeholder.
// PostgreSQL sums the movements themselves (record_stock); SQLite reads the sums its triggers keep of them
// (stock_totals, one row a lot: migration 0018).

type Parameter = (name: string, value: string | number) => string;

/** The page's place and warehouse, as both tables filter them. */
function keysetAndWarehouse(filter: StockFilter, after: StockPosition | null, parameter: Parameter) {
  const where = [`org = ${parameter('org', '')}`];
  const comparison = filter.direction === 'asc' ? '>' : '<';
  if (after) {
    where.push(
      `(product_code, warehouse, lot) ${comparison} (${parameter('afterProduct', after[0])}, ${parameter('afterWarehouse', after[1])}, ${parameter('afterLot', after[2])})`,
    );
  }
  if (filter.warehouse !== undefined) where.push(`warehouse = ${parameter('warehouse', filter.warehouse)}`);
  return where;
}

/** A query's ways to match: a product code's beginning as typed or in capitals, or a lot exactly. */
function queryWays(typed: string, parameter: Parameter) {
  const capitals = typed.toUpperCase();
  return {
    codes: [
      `product_code >= ${parameter('typed', typed)} AND product_code < ${parameter('typedEnd', afterPrefix(typed))}`,
      `product_code >= ${parameter('capitals', capitals)} AND product_code < ${parameter('capitalsEnd', afterPrefix(capitals))}`,
    ],
    lots: [`lot = ${parameter('typedLot', typed)}`, `lot = ${parameter('capitalLot', capitals)}`],
  };
}

const orderOf = (filter: StockFilter) => {
  const direction = filter.direction === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY product_code ${direction}, warehouse ${direction}, lot ${direction}`;
};

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
  const where = keysetAndWarehouse(filter, after, parameter);
  if (filter.query !== undefined) {
    const { codes, lots } = queryWays(filter.query, parameter);
    where.push(`(${[...codes, ...lots].map((way) => `(${way})`).join(' OR ')})`);
  }
  const having: string[] = [];
  if (filter.expiringBy !== undefined) {
    const by = parameter('expiringBy', filter.expiringBy);
    where.push(
      `lot IN (SELECT lot FROM record_stock WHERE org = ${parameter('org', '')} AND expiry IS NOT NULL AND expiry <= ${by})`,
    );
    having.push(`MIN(expiry) <= ${by}`, 'SUM(received) + SUM(returned) - SUM(shipped) > 0');
  }
  return `SELECT ${summedColumns} FROM record_stock WHERE ${where.join(' AND ')}
    GROUP BY product_code, warehouse, lot ${having.length > 0 ? `HAVING ${having.join(' AND ')}` : ''}
    ${orderOf(filter)} LIMIT ${parameter('limit', limit + 1)}`;
}

const totalColumns = 'product_code, warehouse, lot, expiry, received, returned, shipped, incoming, committed';

/**
 * One page of the stock list from the lots' sums (SQLite's stock_totals), in the order of its key after
 * `after`. A query reads each of its ways to match apart, each a page at most from its own index (a code's
 * beginning as typed and in capitals from the key, a lot exactly from the lots' index), and pages their
 * union: one condition of them all, ORed, read the whole table when no index statistics said otherwise.
 */
export function stockTotalsPageSql(
  filter: StockFilter,
  after: StockPosition | null,
  limit: number,
  parameter: Parameter,
): string {
  const where = keysetAndWarehouse(filter, after, parameter);
  if (filter.expiringBy !== undefined) {
    where.push(
      `expiry IS NOT NULL AND expiry <= ${parameter('expiringBy', filter.expiringBy)}`,
      // Sums kept by adding and taking away may be a hair off zero: counted as units are, to the millionth.
      'round(received + returned - shipped, 6) > 0',
    );
  }
  const page = `${orderOf(filter)} LIMIT ${parameter('limit', limit + 1)}`;
  const select = (conditions: string[], index = '') =>
    `SELECT ${totalColumns} FROM stock_totals ${index} WHERE ${conditions.join(' AND ')} ${page}`;
  if (filter.query === undefined) return select(where);
  const { codes, lots } = queryWays(filter.query, parameter);
  const ways = [
    ...codes.map((code) => select([...where, code])),
    ...lots.map((lot) => select([...where, lot], 'INDEXED BY stock_totals_lot')),
  ];
  return `SELECT * FROM (${ways.map((way) => `SELECT * FROM (${way})`).join(' UNION ')}) ${page}`;
}

/** One product's stock by warehouse and lot, at most maxLotsOfProduct groups and one to know there are more. */
export function productStockSql(productCode: string, parameter: Parameter): string {
  return `SELECT ${summedColumns} FROM record_stock
    WHERE org = ${parameter('org', '')} AND product_code = ${parameter('productCode', productCode)}
    GROUP BY product_code, warehouse, lot ORDER BY warehouse, lot LIMIT ${maxLotsOfProduct + 1}`;
}

/** One product's stock from the lots' sums (SQLite's stock_totals), as productStockSql reads it. */
export function productTotalsSql(productCode: string, parameter: Parameter): string {
  return `SELECT ${totalColumns} FROM stock_totals
    WHERE org = ${parameter('org', '')} AND product_code = ${parameter('productCode', productCode)}
    ORDER BY warehouse, lot LIMIT ${maxLotsOfProduct + 1}`;
}
