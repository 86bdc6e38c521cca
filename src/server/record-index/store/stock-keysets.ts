import { type StockLevel, stockLevelOf } from '../../../domain/stock-movements';

// What the stock list asks and answers, whatever engine keeps it: its filter, its keyset and cursor, and
// the summed rows as levels. Each engine writes its own SQL (stock-reads.ts, postgres/postgres-stock-reads.ts)
// over the same table of movements (record_stock, one row per record, product, warehouse and lot).

/** What the stock list filters by. */
export type StockFilter = {
  /** A product code's beginning (as typed, or in capitals), or a lot or serial number exactly. */
  query?: string;
  warehouse?: string;
  /** Lots with units on hand and an expiry on or before this day (YYYY-MM-DD). */
  expiringBy?: string;
  direction: 'asc' | 'desc';
};

/** Where a page of the stock list ended: its last row's product, warehouse and lot. */
export type StockPosition = [productCode: string, warehouse: string, lot: string];

/** One page of the stock list, and the cursor of the next (null at the end). */
export type StockPage = { rows: StockLevel[]; nextCursor: string | null };

/** One product's stock, by warehouse and lot, and whether it holds more lots than were read. */
export type ProductStock = { levels: StockLevel[]; truncated: boolean };

/** A group of movements as both engines sum it (PostgreSQL's sums arrive as numbers too). */
export type SummedRow = {
  product_code: string;
  warehouse: string;
  lot: string;
  expiry: string | null;
  received: number;
  returned: number;
  shipped: number;
  incoming: number;
  committed: number;
};

/** The SQL of a group's sums, both engines alike. */
export const summedColumns = `product_code, warehouse, lot, MIN(expiry) AS expiry, SUM(received) AS received,
  SUM(returned) AS returned, SUM(shipped) AS shipped, SUM(incoming) AS incoming, SUM(committed) AS committed`;

/** A summed row as a level: sums rounded as the documents count units, whatever order they were added in. */
export function levelOfRow(row: SummedRow): StockLevel {
  const units = (value: number | string) => Math.round(Number(value) * 1e6) / 1e6;
  return stockLevelOf({
    productCode: row.product_code,
    warehouse: row.warehouse,
    lot: row.lot,
    expiry: row.expiry,
    received: units(row.received),
    returned: units(row.returned),
    shipped: units(row.shipped),
    incoming: units(row.incoming),
    committed: units(row.committed),
  });
}

/** The text that follows every text beginning with `prefix`, for a range an index can read. */
export const afterPrefix = (prefix: string) => `${prefix}\uffff`;

/** The cursor of the page after the one that ended at `position`. */
export function stockCursor(filter: StockFilter, position: StockPosition): string {
  return Buffer.from(JSON.stringify({ d: filter.direction, p: position })).toString('base64url');
}

/** The position a stock cursor names, or null when it is not one stockCursor gave for this direction. */
export function readStockCursor(cursor: string, filter: StockFilter): StockPosition | null {
  try {
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      d?: unknown;
      p?: unknown;
    };
    const position = decoded.p;
    if (decoded.d !== filter.direction || !Array.isArray(position) || position.length !== 3) return null;
    return position.every((part) => typeof part === 'string') ? (position as StockPosition) : null;
  } catch {
    return null;
  }
}

/** Most lots of one product a product page reads. */
export const maxLotsOfProduct = 500;

/** A page from the groups read (one more than asked, to know whether another page follows). */
export function stockPageOf(filter: StockFilter, rows: SummedRow[], limit: number): StockPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map(levelOfRow),
    nextCursor:
      rows.length > limit && last ? stockCursor(filter, [last.product_code, last.warehouse, last.lot]) : null,
  };
}
