import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import {
  deliveryOrder,
  documentOf,
  expectedStock,
  type StockHistory,
  stockHistories,
  storedStock,
} from '../testing/stock-histories';
import { indexEngine, testRecordStore } from '../testing/test-record-store';

// Stock as the console counts it, on the engine of this run (SQLite, then PostgreSQL): the sums of what
// the versions the index keeps move, whatever order, repeats and gaps the operator's webhooks came in.

const lotHistory = (
  versions: StockHistory['versions'],
  kind: StockHistory['kind'] = 'receive',
): StockHistory => ({
  kind,
  reference: kind === 'order' ? 'SO-1' : 'PO-1',
  warehouse: 'W1',
  versions,
});

describe('the stock of a product', () => {
  it('counts received less shipped per warehouse and lot, with the expiry, incoming and committed', async () => {
    const store = await testRecordStore();
    const received = lotHistory([
      { finalized: true, secondsAfter: 0, lines: [{ product: 'P-A', lot: 'L1', quantity: 10 }] },
    ]);
    const shipped = lotHistory(
      [{ finalized: true, secondsAfter: 0, lines: [{ product: 'P-A', lot: 'L1', quantity: 4 }] }],
      'order',
    );
    const open: StockHistory = {
      ...lotHistory(
        [{ finalized: false, secondsAfter: 0, lines: [{ product: 'P-A', lot: null, quantity: 3 }] }],
        'order',
      ),
      reference: 'SO-2',
    };
    const announced: StockHistory = {
      ...lotHistory([
        { finalized: false, secondsAfter: 0, lines: [{ product: 'P-A', lot: null, quantity: 7 }] },
      ]),
      reference: 'PO-2',
    };
    for (const history of [received, shipped, open, announced])
      await store.apply(documentOf(history, 0), 'webhook');
    const { levels, truncated } = await store.productStock('P-A');
    expect(truncated).toBe(false);
    expect(levels).toEqual([
      expect.objectContaining({ warehouse: 'W1', lot: '', onHand: 0, incoming: 7, committed: 3, flags: [] }),
      expect.objectContaining({
        warehouse: 'W1',
        lot: 'L1',
        expiry: '2027-02-15',
        received: 10,
        shipped: 4,
        onHand: 6,
        flags: [],
      }),
    ]);
    expect((await store.productStock('P-B')).levels).toEqual([]);
  });

  it('flags a lot shipped that never came in, and stock below zero', async () => {
    const store = await testRecordStore();
    await store.apply(
      documentOf(
        lotHistory(
          [{ finalized: true, secondsAfter: 0, lines: [{ product: 'P-A', lot: 'L9', quantity: 2 }] }],
          'order',
        ),
        0,
      ),
      'webhook',
    );
    const [level] = (await store.productStock('P-A')).levels;
    expect(level).toMatchObject({ lot: 'L9', onHand: -2, flags: ['shipped_unreceived', 'below_zero'] });
  });

  it('pages a query by a code’s beginning, in any case, or a lot exactly, each lot once, both ways', async () => {
    const store = await testRecordStore();
    const lines = [
      { product: 'TEA-1', lot: 'L1', quantity: 1 },
      { product: 'TEA-2', lot: 'L2', quantity: 1 },
      { product: 'TEA-3', lot: 'TEA-LOT', quantity: 1 },
      { product: 'CUP', lot: 'tea', quantity: 1 },
      { product: 'CUP', lot: 'L3', quantity: 1 },
      { product: 'tea-4', lot: 'L4', quantity: 1 },
    ];
    await store.apply(documentOf(lotHistory([{ finalized: true, secondsAfter: 0, lines }]), 0), 'webhook');
    const pageThrough = async (direction: 'asc' | 'desc') => {
      const seen: string[] = [];
      let after: Parameters<typeof store.stockPage>[1]['after'];
      for (let pages = 0; pages < 10; pages++) {
        const page = await store.stockPage({ direction, query: 'tea' }, { limit: 2, after });
        seen.push(...page.rows.map((row) => `${row.productCode}/${row.lot}`));
        if (!page.nextCursor) return seen;
        after = store.readStockCursor(page.nextCursor, { direction, query: 'tea' }) ?? undefined;
      }
      throw new Error('the pages never ended');
    };
    const found = ['CUP/tea', 'TEA-1/L1', 'TEA-2/L2', 'TEA-3/TEA-LOT', 'tea-4/L4'];
    expect(await pageThrough('asc')).toEqual(found);
    expect(await pageThrough('desc')).toEqual([...found].reverse());
  });

  it('keeps one organization’s stock apart from another’s', async () => {
    const north = await testRecordStore({ organization: 'north' });
    const south = await testRecordStore({ organization: 'south', beside: north });
    await north.apply(
      documentOf(
        lotHistory([
          { finalized: true, secondsAfter: 0, lines: [{ product: 'P-A', lot: 'L1', quantity: 5 }] },
        ]),
        0,
      ),
      'webhook',
    );
    expect((await south.productStock('P-A')).levels).toEqual([]);
    expect((await south.stockPage({ direction: 'asc' }, { limit: 10 })).rows).toEqual([]);
  });
});

describe('under the operator’s timing', () => {
  const history = lotHistory([
    { finalized: false, secondsAfter: 0, lines: [{ product: 'P-A', lot: null, quantity: 10 }] },
    // Received in the same second as announced: only a read of the operator can tell which came last.
    { finalized: true, secondsAfter: 0, lines: [{ product: 'P-A', lot: 'L1', quantity: 8 }] },
    { finalized: true, secondsAfter: 5, lines: [{ product: 'P-A', lot: 'L1', quantity: 9 }] },
  ]);
  const expected = expectedStock([history]);

  it.each([
    ['in order', [0, 1, 2]],
    ['reordered', [2, 0, 1]],
    ['duplicated', [0, 1, 1, 2, 2, 0]],
    ['with the middle one lost', [0, 2]],
    ['with only the last', [2]],
  ])('counts the last version delivered %s', async (_name, order) => {
    const store = await testRecordStore();
    for (const index of order) await store.apply(documentOf(history, index), 'webhook');
    expect(await storedStock(store)).toEqual(expected);
  });

  it('counts the later of two versions of one second once the operator is read', async () => {
    const store = await testRecordStore();
    await store.apply(documentOf(history, 1), 'webhook');
    await store.apply(documentOf(history, 0), 'webhook');
    // The index keeps the later delivery and asks the operator (read-back.ts), which answers the version it holds.
    await store.applyOrConfirm(documentOf(history, 1), 'lookup');
    expect(await storedStock(store)).toEqual(expectedStock([lotHistory(history.versions.slice(0, 2))]));
  });
});

describe('property: stock equals received less shipped', () => {
  it('for generated histories delivered late, out of order, twice or never, then read back', {
    timeout: budgets.propertyRuns,
  }, async () => {
    const first = await testRecordStore({ organization: 'run-0' });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        stockHistories.chain((histories) => {
          const count = histories.reduce((sum, history) => sum + history.versions.length, 0);
          return fc.tuple(fc.constant(histories), deliveryOrder(count));
        }),
        async ([histories, deliveries]) => {
          run += 1;
          const store = await testRecordStore({ organization: `run-${run}`, beside: first });
          const versions = histories.flatMap((history) =>
            history.versions.map((_, index) => ({ history, index })),
          );
          for (const delivery of deliveries) {
            const { history, index } = versions[delivery] as (typeof versions)[number];
            await store.apply(documentOf(history, index), 'webhook');
          }
          // What the webhooks lost or left uncertain, the sync and the read-back bring: the last versions.
          for (const history of histories) {
            await store.applyOrConfirm(documentOf(history, history.versions.length - 1), 'lookup');
          }
          expect(await storedStock(store)).toEqual(expectedStock(histories));
          expect(await storedStock(store, { direction: 'desc' })).toEqual(expectedStock(histories));
        },
      ),
      { numRuns: indexEngine() === 'sqlite' ? 60 : 25 },
    );
  });
});
