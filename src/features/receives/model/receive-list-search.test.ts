import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workQueueDefinitions } from '@/contract/work-queues';
import { endOfLocalDay, startOfLocalDay } from '@/domain/local-day';
import { readReceiveListSearch, toReceiveListQuery } from './receive-list-search';

describe('receive list search', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('reads the overdue flag and the days of finalizing, and asks for the whole of those days', () => {
    const search = readReceiveListSearch({
      overdue: 'true',
      finishedFrom: '2026-11-19',
      finishedTo: '2026-11-25',
    });
    expect(search).toMatchObject({ overdue: true, finishedFrom: '2026-11-19', finishedTo: '2026-11-25' });
    expect(toReceiveListQuery(search, 'receive')).toMatchObject({
      overdue: 'true',
      finishedFrom: '2026-11-19T05:00:00.000Z',
      finishedTo: '2026-11-26T04:59:59.999Z',
    });
    expect(readReceiveListSearch({ overdue: 'yes', finishedFrom: '2026-02-30' })).toMatchObject({
      overdue: undefined,
      finishedFrom: undefined,
    });
  });

  it('asks for returns with units not refunded before, and never receives, which have no refunds', () => {
    const search = readReceiveListSearch({ refundable: 'true' });
    expect(search.refundable).toBe(true);
    expect(toReceiveListQuery(search, 'return').refundable).toBe('true');
    expect(toReceiveListQuery(search, 'receive').refundable).toBeUndefined();
    expect(readReceiveListSearch({ refundable: 'false' }).refundable).toBeUndefined();
  });

  it('opens each work queue of receives and returns at exactly the query the queue counts with', () => {
    const day = {
      today: '2026-11-25',
      weekFrom: startOfLocalDay('2026-11-19'),
      weekTo: endOfLocalDay('2026-11-25'),
    };
    const queues = workQueueDefinitions(day).filter((queue) => queue.list !== 'orders');
    expect(queues).toHaveLength(4);
    for (const queue of queues) {
      const kind = queue.list === 'returns' ? 'return' : 'receive';
      const asked = Object.entries(
        toReceiveListQuery(readReceiveListSearch(queue.search), kind, day.today),
      ).filter(([, value]) => value !== undefined);
      expect(Object.fromEntries(asked), queue.name).toEqual(queue.query);
    }
  });
});
