import { afterEach, describe, expect, it, vi } from 'vitest';
import { shippedShortRaw } from '@/testing/order-fixtures';
import { refusal, stubFetch } from '@/testing/stub-fetch';
import { getOrdersByReference } from './get-orders-by-reference';

afterEach(() => {
  vi.unstubAllGlobals();
});

const indexed = (document: object) => ({
  kind: 'order',
  reference: 'SO-1001',
  source: 'webhook',
  asOf: '2026-11-25T12:00:00.000Z',
  updated: '2026-11-21T21:40:12.000Z',
  document,
});

describe('getOrdersByReference', () => {
  it('reads the order from the console’s index, checked by the contract, with how fresh it is', async () => {
    const fetch = stubFetch(() => indexed(shippedShortRaw));
    const [found, ...more] = await getOrdersByReference('SO 1001/x');
    expect(more).toEqual([]);
    expect(found?.record.primaryReference).toBe('SO-1001');
    expect(found?.record.shipments[0]?.status).toBe(shippedShortRaw.shipments[0]?.status);
    expect(found?.freshness).toEqual({
      source: 'webhook',
      asOf: '2026-11-25T12:00:00.000Z',
      updated: '2026-11-21T21:40:12.000Z',
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/index/records/order/SO%201001%2Fx');
  });

  it('asks the warehouse first on refresh', async () => {
    const fetch = stubFetch(() => ({ ...indexed(shippedShortRaw), source: 'lookup' }));
    const [found] = await getOrdersByReference('SO-1001', { refresh: true });
    expect(found?.freshness.source).toBe('lookup');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/index/records/order/SO-1001?refresh=true');
  });

  it('finds nothing in a 404, and asks nothing for what no reference can be', async () => {
    const fetch = stubFetch(() => refusal(404, [{ code: 'not_found', title: 'No such order' }]));
    await expect(getOrdersByReference('SO-404')).resolves.toEqual([]);
    await expect(getOrdersByReference('X'.repeat(101))).resolves.toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('refuses a document that is not an order, and passes other failures on', async () => {
    stubFetch(() => indexed({ primaryReference: 'SO-1001' }));
    await expect(getOrdersByReference('SO-1001')).rejects.toMatchObject({ code: 'unexpected_response' });
    stubFetch(() =>
      refusal(502, [{ code: 'upstream_unreachable', title: 'The warehouse could not be asked' }]),
    );
    await expect(getOrdersByReference('SO-1001')).rejects.toMatchObject({ status: 502 });
  });
});
