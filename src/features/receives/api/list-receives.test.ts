import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/stub-fetch';
import { LIST_PAGE_SIZE, listReceives } from './list-receives';

describe('listReceives', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the whole of the reader’s days, not UTC days', async () => {
    const queries: URLSearchParams[] = [];
    stubFetch(({ query }) => {
      queries.push(query);
      return { receives: [], nextCursor: null };
    });
    await listReceives({ from: '2026-11-10', to: '2026-11-12' });
    const [query] = queries;
    // New York is five hours behind UTC in November.
    expect(query.get('dateLastUpdatedFrom')).toBe('2026-11-10T05:00:00.000Z');
    expect(query.get('dateLastUpdatedTo')).toBe('2026-11-13T04:59:59.999Z');
  });
});

const receive = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `677eddd7813921e2260619${String(n).padStart(2, '0')}`,
  primaryReference: `PO-${n}`,
  status: 'PRS',
  dateLastUpdated: '2025-01-08T10:00:00+00:00',
  ...extra,
});

describe('listReceives against an upstream that ignores the listing parameters', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks once when the same cursor keeps coming back, and keeps each receive once', async () => {
    const fetch = stubFetch(() => ({ receives: [receive(1), receive(2)], nextCursor: 'again' }));
    const fetched = await listReceives({});
    // The first page named `again`; the second, sent `again`, named it again: the walk ends there.
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetched.receives.map((row) => row.primaryReference)).toEqual(['PO-1', 'PO-2']);
    expect(fetched).toMatchObject({ truncated: false, ignored: ['cursor'] });
  });

  it('ends a walk that cycles between cursors', async () => {
    const fetch = stubFetch(({ query }) => ({
      receives: [receive(1)],
      nextCursor: query.get('cursor') === 'a' ? 'b' : 'a',
    }));
    const fetched = await listReceives({});
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetched.ignored).toEqual(['cursor']);
  });

  it('takes a page longer than asked as it came, with no next page', async () => {
    const rows = Array.from({ length: LIST_PAGE_SIZE + 1 }, (_, n) => receive(n));
    stubFetch(() => ({ receives: rows }));
    const fetched = await listReceives({});
    expect(fetched.receives).toHaveLength(LIST_PAGE_SIZE + 1);
    expect(fetched).toMatchObject({ truncated: false, ignored: ['limit'] });
  });

  it('drops rows outside the status, subtype and date filters', async () => {
    stubFetch(() => ({
      receives: [
        receive(1, { subtype: 'RET' }),
        receive(2, { subtype: 'RET', status: 'CAN' }),
        receive(3),
        receive(4, { subtype: 'RET', dateLastUpdated: '2024-06-01T10:00:00+00:00' }),
      ],
    }));
    const fetched = await listReceives({
      status: 'PRS',
      subtype: 'RET',
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(fetched.receives.map((row) => row.primaryReference)).toEqual(['PO-1']);
    expect(fetched.ignored).toEqual(['filters']);
  });
});
