import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return Response.json({ data: { receives: [], nextCursor: null }, id: 'x', resource: [], errors: [] });
    });
    await listReceives({ from: '2026-11-10', to: '2026-11-12' });
    const query = new URL(fetched[0], 'http://console').searchParams;
    // New York is five hours behind UTC in November.
    expect(query.get('dateLastUpdatedFrom')).toBe('2026-11-10T05:00:00.000Z');
    expect(query.get('dateLastUpdatedTo')).toBe('2026-11-13T04:59:59.999Z');
  });
});
