import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/stub-fetch';
import { listReceives } from './list-receives';

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
