import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workQueueDefinitions } from '@/contract/work-queues';
import { endOfLocalDay, startOfLocalDay } from '@/domain/local-day';
import { readOrderListSearch, toOrderListQuery } from './order-list-search';

describe('order list search', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('keeps valid filters and drops invalid ones instead of failing', () => {
    expect(
      readOrderListSearch({
        state: 'held',
        late: true,
        warehouse: 'LAW',
        updatedFrom: '2026-11-01',
        updatedTo: 'yesterday',
        shipByFrom: '2026-02-30',
        sort: 'shipBy',
        dir: 'asc',
        cursors: ['c1'],
      }),
    ).toMatchObject({
      state: 'held',
      late: true,
      warehouse: 'LAW',
      updatedFrom: '2026-11-01',
      updatedTo: undefined,
      shipByFrom: undefined,
      sort: 'shipBy',
      dir: 'asc',
      cursors: ['c1'],
    });
    expect(
      Object.values(readOrderListSearch({ state: 'lost', late: 'no', sort: 'color', cursors: 'x' })).filter(
        (value) => value !== undefined,
      ),
    ).toEqual([]);
  });

  it('asks for the whole of the reader’s days of last change, and ship-by days as they are', () => {
    const query = toOrderListQuery({
      updatedFrom: '2026-11-10',
      updatedTo: '2026-11-12',
      shipByFrom: '2026-11-20',
      shipByTo: '2026-11-21',
      late: true,
    });
    // New York is five hours behind UTC in November.
    expect(query).toMatchObject({
      updatedFrom: '2026-11-10T05:00:00.000Z',
      updatedTo: '2026-11-13T04:59:59.999Z',
      shipByFrom: '2026-11-20',
      shipByTo: '2026-11-21',
      late: 'true',
    });
  });

  it('opens each work queue of orders at exactly the query the queue counts with', () => {
    // The reader's day as the start page sends it: what "Last 7 days" covers in New York.
    const day = {
      today: '2026-11-25',
      weekFrom: startOfLocalDay('2026-11-19'),
      weekTo: endOfLocalDay('2026-11-25'),
    };
    const queues = workQueueDefinitions(day).filter((queue) => queue.list === 'orders');
    expect(queues.map((queue) => queue.name)).toEqual([
      'ordersLate',
      'ordersDueToday',
      'ordersOnHold',
      'ordersShippedShort',
    ]);
    for (const queue of queues) {
      const asked = Object.entries(toOrderListQuery(readOrderListSearch(queue.search), day.today)).filter(
        ([, value]) => value !== undefined,
      );
      expect(Object.fromEntries(asked), queue.name).toEqual(queue.query);
    }
  });
});
