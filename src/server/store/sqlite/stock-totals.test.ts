import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openConsoleDatabase } from './console-db';

type Row = {
  product: string;
  lot: string;
  record: number;
  expiry: string | null;
  received: number;
  shipped: number;
};

const columns = 'product_code, warehouse, lot, expiry, received, returned, shipped, incoming, committed';

function withStockTable() {
  const db = openConsoleDatabase(':memory:');
  const insert = db.prepare(
    `INSERT INTO record_stock (org, product_code, warehouse, lot, record_id, expiry, received, returned,
       shipped, incoming, committed) VALUES ('acme', ?, 'LAW', ?, ?, ?, ?, 0, ?, 0, 0)`,
  );
  const remove = db.prepare('DELETE FROM record_stock WHERE record_id = ?');
  return {
    add: (row: Row) => insert.run(row.product, row.lot, row.record, row.expiry, row.received, row.shipped),
    removeRecord: (record: number) => remove.run(record),
    totals: () => db.prepare(`SELECT ${columns}, rows FROM stock_totals ORDER BY product_code, lot`).all(),
    /** What the stock list summed before the totals: every movement, grouped. */
    summed: () =>
      db
        .prepare(
          `SELECT product_code, warehouse, lot, MIN(expiry) AS expiry, SUM(received) AS received,
             SUM(returned) AS returned, SUM(shipped) AS shipped, SUM(incoming) AS incoming,
             SUM(committed) AS committed, COUNT(*) AS rows
           FROM record_stock GROUP BY org, product_code, warehouse, lot ORDER BY product_code, lot`,
        )
        .all(),
  };
}

describe("stock_totals, kept by record_stock's triggers", () => {
  it('sums each lot as its movements come and go, drops a lot none moves, and asks again for the expiry', () => {
    const stock = withStockTable();
    stock.add({ product: 'TEA', lot: 'L1', record: 1, expiry: '2027-05-01', received: 10, shipped: 0 });
    stock.add({ product: 'TEA', lot: 'L1', record: 2, expiry: '2027-03-01', received: 5, shipped: 0 });
    stock.add({ product: 'TEA', lot: 'L1', record: 3, expiry: null, received: 0, shipped: 4 });
    stock.add({ product: 'CUP', lot: '', record: 3, expiry: null, received: 0, shipped: 1 });
    expect(stock.totals()).toEqual([
      expect.objectContaining({ product_code: 'CUP', lot: '', shipped: 1, rows: 1 }),
      expect.objectContaining({
        product_code: 'TEA',
        lot: 'L1',
        expiry: '2027-03-01',
        received: 15,
        rows: 3,
      }),
    ]);
    // The receive with the earliest expiry is gone: the lot's expiry is the next one's again.
    stock.removeRecord(2);
    // The order that shipped the only cup is gone: nothing moves the cup any longer.
    stock.removeRecord(3);
    expect(stock.totals()).toEqual([
      expect.objectContaining({
        product_code: 'TEA',
        lot: 'L1',
        expiry: '2027-05-01',
        received: 10,
        shipped: 0,
        rows: 1,
      }),
    ]);
  });

  it('equal the movements summed, after any adds and removes', () => {
    const row = fc.record({
      product: fc.constantFrom('TEA', 'CUP'),
      lot: fc.constantFrom('', 'L1', 'L2'),
      record: fc.integer({ min: 1, max: 6 }),
      expiry: fc.constantFrom(null, '2027-01-01', '2027-06-30', '2028-02-29'),
      received: fc.integer({ min: 0, max: 20 }),
      shipped: fc.integer({ min: 0, max: 20 }),
    });
    const step = fc.oneof(
      row.map((added) => ({ added })),
      fc.integer({ min: 1, max: 6 }).map((removed) => ({ removed })),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const stock = withStockTable();
        const held = new Set<string>();
        for (const next of steps) {
          if ('removed' in next) {
            stock.removeRecord(next.removed);
            for (const key of [...held]) if (key.endsWith(`/${next.removed}`)) held.delete(key);
            continue;
          }
          // One row a record, product and lot, as the table's key allows.
          const key = `${next.added.product}/${next.added.lot}/${next.added.record}`;
          if (held.has(key)) continue;
          held.add(key);
          stock.add(next.added);
        }
        expect(stock.totals()).toEqual(stock.summed());
      }),
      { numRuns: 200 },
    );
  });
});
