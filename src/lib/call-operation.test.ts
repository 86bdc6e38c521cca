import { afterEach, describe, expect, it, vi } from 'vitest';
import { interfaceOperations, sandboxOperations } from '@/contract/operations';
import { callOperation } from './call-operation';

function answerWith(data: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ data, id: 'r', resource: [], errors: [] }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callOperation', () => {
  it('fills the path parameters, each encoded as one segment, and returns the checked answer', async () => {
    const fetchMock = answerWith({ Id: 'p1', pickMode: 'ASP', extra: true });
    const answer = await callOperation(interfaceOperations.getProductId, {
      params: { productCode: 'A/B 1' },
    });
    // Issue 12: an answer keeps the members the contract does not name, and reads names in any case.
    expect(answer).toEqual({ id: 'p1', pickMode: 'ASP', extra: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/warehouse/v1/products/actions/get-id/A%2FB%201');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('sends the query by the names the contract gives them', async () => {
    const fetchMock = answerWith({ orders: [], nextCursor: null });
    await callOperation(interfaceOperations.listOrders, {
      query: { PrimaryReference: 'SO 1', cursor: undefined, limit: 5 },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/warehouse/v1/orders?PrimaryReference=SO+1&limit=5');
  });

  it('sends the body with the operation’s method', async () => {
    const fetchMock = answerWith({});
    await callOperation(sandboxOperations.receiveShipment.cancel, {
      params: { receiveId: 'PO-1', shipmentId: 's1' },
      body: { reason: 'late' },
    }).catch(() => undefined);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/sandbox/v1/receives/PO-1/shipments/s1/cancel');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"reason":"late"}');
  });

  it('refuses an answer that does not fit the operation’s schema', async () => {
    answerWith({ id: 42 });
    await expect(
      callOperation(interfaceOperations.getProductId, { params: { productCode: 'A' } }),
    ).rejects.toMatchObject({ code: 'unexpected_response' });
  });
});
