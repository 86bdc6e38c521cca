import { describe, expect, it } from 'vitest';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import {
  applyDocument,
  consoleWithRecords,
  type OrderCase,
  orderCases,
  updatedAt,
} from '../testing/list-fixtures';
import { byDue, expectListed, newestFirst, orderPageSchema, sorted, walk } from '../testing/list-paging';

describe('the orders list', () => {
  it('answers a page in the envelope with what a list shows, newest first, and the total', async () => {
    const { get } = await consoleWithRecords();
    const response = await get('/api/index/orders?limit=2');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { data } = orderPageSchema.parse(await response.json());
    expect(data.total).toBe(20);
    expect(data.nextCursor).toEqual(expect.any(String));
    expect(data.rows).toEqual([
      {
        reference: 'SO-20',
        kind: 'order',
        status: 'FIN',
        state: 'shipped_short',
        late: false,
        warehouse: 'NJE',
        customer: 'Customer 20',
        shipBy: null,
        updated: '2026-11-20T09:10:00.000Z',
        ordered: 5,
        shipped: 3,
        short: true,
        over: false,
      },
      {
        reference: 'SO-19',
        kind: 'order',
        status: 'FIN',
        state: 'shipped',
        late: false,
        warehouse: 'LAW',
        customer: 'Customer 19',
        shipBy: '2026-11-29T00:00:00.000Z',
        updated: '2026-11-20T09:10:00.000Z',
        ordered: 5,
        shipped: 5,
        short: false,
        over: false,
      },
    ]);
  });

  it('derives each order’s state and lateness as the fixture meant them', async () => {
    const { get } = await consoleWithRecords();
    const { data } = orderPageSchema.parse(await (await get('/api/index/orders?limit=200')).json());
    const byReference = new Map(orderCases.map((c) => [c.reference, c]));
    for (const row of data.rows) {
      const expected = byReference.get(row.reference) as OrderCase;
      expect([row.state, row.late, row.status]).toEqual([expected.state, expected.late, expected.status]);
    }
    expect(data.rows).toHaveLength(20);
  });

  const filters: [string, Record<string, string>, (c: OrderCase) => boolean][] = [
    ['status', { status: 'FIN' }, (c) => c.status === 'FIN'],
    ['statuses in any case, comma-separated', { status: 'fin,can' }, (c) => c.status !== 'PRS'],
    ['state', { state: 'held' }, (c) => c.state === 'held'],
    ['states, repeated', { state: 'picking,held' }, (c) => ['picking', 'held'].includes(c.state)],
    ['late', { late: 'true' }, (c) => c.late],
    ['not late', { late: 'false' }, (c) => !c.late],
    ['warehouse', { warehouse: 'NJE' }, (c) => c.warehouse === 'NJE'],
    [
      'ship-by days, both ends included',
      { shipByFrom: '2026-11-20', shipByTo: '2026-11-22' },
      (c) => c.dueMs !== null && c.dueMs >= Date.parse('2026-11-20') && c.dueMs <= Date.parse('2026-11-22'),
    ],
    [
      'updated instants with offsets',
      { updatedFrom: '2026-11-20T10:03:00+01:00', updatedTo: '2026-11-20T09:05:00Z' },
      (c) => c.updatedMs >= Date.parse(updatedAt(3)) && c.updatedMs <= Date.parse(updatedAt(5)),
    ],
    [
      'several at once',
      { state: 'entered,picking,held', warehouse: 'LAW', late: 'true' },
      (c) => ['entered', 'picking', 'held'].includes(c.state) && c.warehouse === 'LAW' && c.late,
    ],
  ];

  it.each(filters)('filters by %s, every page counting all matches', (_name, query, matches) =>
    expectListed('/api/index/orders', query, newestFirst(orderCases.filter(matches))),
  );

  it('combines repeated and comma-separated values of one filter', async () => {
    const { get } = await consoleWithRecords();
    const { references } = await walk(get, '/api/index/orders', {});
    const response = await get('/api/index/orders?state=entered&state=held,picking&limit=200');
    const { data } = orderPageSchema.parse(await response.json());
    expect(data.rows.map((row) => row.reference)).toEqual(
      references.filter((reference) =>
        ['entered', 'held', 'picking'].includes(
          orderCases.find((c) => c.reference === reference)?.state as string,
        ),
      ),
    );
  });

  const orderSorts: [string, 'asc' | 'desc', (direction: 'asc' | 'desc') => string[]][] = (
    ['asc', 'desc'] as const
  ).flatMap((direction) => [
    ['updated', direction, (d) => sorted(orderCases, (c) => [c.updatedMs], d).map((c) => c.reference)],
    ['shipBy', direction, (d) => byDue(orderCases, d)],
    ['reference', direction, (d) => sorted(orderCases, (c) => [c.reference], d).map((c) => c.reference)],
    ['state', direction, (d) => sorted(orderCases, (c) => [c.state, c.updatedMs], d).map((c) => c.reference)],
  ]);

  it.each(orderSorts)('sorts by %s %s, pages of 3 visiting every order exactly once', (sort, dir, expected) =>
    expectListed('/api/index/orders', { sort, dir }, expected(dir)),
  );

  it('keeps its place when a record moves between pages: nothing repeats, nothing is skipped', async () => {
    const { get, records } = await consoleWithRecords();
    const first = orderPageSchema.parse(await (await get('/api/index/orders?limit=5')).json());
    expect(first.data.rows.map((row) => row.reference)).toEqual([
      'SO-20',
      'SO-19',
      'SO-18',
      'SO-17',
      'SO-16',
    ]);
    // The oldest order changes: newest first, it moves to the top, ahead of every page not yet read.
    await applyDocument(records, enteredOrder({ primaryReference: 'SO-01', dateLastUpdated: updatedAt(30) }));
    const second = orderPageSchema.parse(
      await (await get(`/api/index/orders?limit=5&cursor=${first.data.nextCursor}`)).json(),
    );
    expect(second.data.rows.map((row) => row.reference)).toEqual([
      'SO-15',
      'SO-14',
      'SO-13',
      'SO-12',
      'SO-11',
    ]);
  });
});
