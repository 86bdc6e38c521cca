import { describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../../contract/envelope';
import { productStockSchema, stockPageSchema } from '../../../contract/stock';
import { lot, orderOf, receiveOf } from '../../../testing/trace-fixtures';
import { applyDocument, consoleWithRecords } from '../testing/list-fixtures';

async function consoleWithStock() {
  const console = await consoleWithRecords();
  await applyDocument(console.records, receiveOf('PO-LOT', [lot('L-77', 10)]));
  await applyDocument(
    console.records,
    orderOf('SO-LOT-1', 'Owen Murphy', [lot('L-77', 4)], '2026-11-21T09:00:00Z'),
  );
  await applyDocument(
    console.records,
    orderOf('SO-LOT-2', 'Bo Chen', [lot('=cmd', 1)], '2026-11-22T09:00:00Z'),
  );
  return console;
}

describe('stock routes', () => {
  it('answer a product’s stock by lot, with its expiry and what does not add up', async () => {
    const { get } = await consoleWithStock();
    const response = await get('/api/index/products/TEA-1/stock');
    expect(response.status).toBe(200);
    const { levels } = envelopeSchema(productStockSchema).parse(await response.json()).data;
    expect(levels.filter((level) => level.lot !== '')).toEqual([
      expect.objectContaining({ lot: '=cmd', onHand: -1, flags: ['shipped_unreceived', 'below_zero'] }),
      expect.objectContaining({ lot: 'L-77', expiry: '2028-04-24', received: 10, shipped: 4, onHand: 6 }),
    ]);
  });

  it('page the stock list, filter it by lot and by expiry, and refuse what they cannot read', async () => {
    const { get } = await consoleWithStock();
    const read = async (path: string) =>
      envelopeSchema(stockPageSchema).parse(await (await get(path)).json()).data;
    const first = await read('/api/index/stock?limit=1');
    expect(first.rows).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = await read(`/api/index/stock?limit=1&cursor=${first.nextCursor}`);
    expect(second.rows[0]).not.toEqual(first.rows[0]);
    expect((await read('/api/index/stock?q=l-77')).rows.map((row) => row.lot)).toEqual(['L-77']);
    expect(
      (await read('/api/index/stock?expiringWithinDays=30&today=2028-04-01')).rows.map((row) => row.lot),
    ).toEqual(['L-77']);
    expect((await read('/api/index/stock?expiringWithinDays=30&today=2028-01-01')).rows).toEqual([]);
    for (const bad of ['expiringWithinDays=-1', 'today=2028-02-31', 'dir=up', 'cursor=nonsense', 'limit=0']) {
      const refused = await get(`/api/index/stock?${bad}`);
      expect(refused.status, bad).toBe(400);
    }
    expect((await get(`/api/index/products/${'X'.repeat(40)}/stock`)).status).toBe(400);
  });

  it('export the list as CSV a spreadsheet will not run, and log who exported it', async () => {
    const { get } = await consoleWithStock();
    const response = await get('/api/index/stock.csv');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.split('\r\n')[0]).toContain('On hand (counted by the console)');
    expect(text).toContain(",'=cmd,");
    const logged = (await (await get('/api/audit-log')).json()).data.entries[0];
    expect(logged).toMatchObject({ action: 'Exported stock (CSV)' });
  });
});
