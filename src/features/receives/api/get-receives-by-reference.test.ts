import { afterEach, describe, expect, it, vi } from 'vitest';
import { overdueReturn } from '@/testing/receive-fixtures';
import { refusal, stubFetch } from '@/testing/stub-fetch';
import { getReceivesByReference } from './get-receives-by-reference';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getReceivesByReference', () => {
  it('reads a receive or return from the console’s index with how fresh it is', async () => {
    const fetch = stubFetch(() => ({
      kind: 'return',
      reference: overdueReturn.primaryReference,
      source: 'sync',
      asOf: '2026-11-25T12:00:00.000Z',
      updated: null,
      document: overdueReturn,
    }));
    const [found] = await getReceivesByReference(overdueReturn.primaryReference, { refresh: true });
    expect(found?.record).toEqual(overdueReturn);
    expect(found?.freshness).toEqual({ source: 'sync', asOf: '2026-11-25T12:00:00.000Z', updated: null });
    expect(fetch.mock.calls[0]?.[0]).toBe(
      `/api/index/records/receive/${overdueReturn.primaryReference}?refresh=true`,
    );
  });

  it('finds nothing in a 404', async () => {
    stubFetch(() => refusal(404, [{ code: 'not_found', title: 'No such receive' }]));
    await expect(getReceivesByReference('PO-404')).resolves.toEqual([]);
  });
});
