import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '@/testing/stub-fetch';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';

/** Answers with exactly this body, enveloped or not: what the client makes of it is under test. */
function respondWith(status: number, body: unknown, raw = false) {
  return stubFetch(() => new Response(raw ? String(body) : JSON.stringify(body), { status }));
}

const itemSchema = z.object({ id: z.string() });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('returns the checked data of a success envelope and builds the query', async () => {
    const fetchMock = respondWith(200, {
      data: { id: 'p1', extra: true },
      id: 'r',
      resource: [],
      errors: [],
    });
    const data = await apiRequest('/warehouse/v1/products', itemSchema, {
      query: { productcode: 'A B', cursor: undefined, limit: 5 },
    });
    expect(data).toEqual({ id: 'p1' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/warehouse/v1/products?productcode=A+B&limit=5',
      expect.anything(),
    );
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const fetchMock = respondWith(200, { data: { id: 'p1' }, id: 'r', resource: [], errors: [] });
    await apiRequest('/x', itemSchema, { method: 'POST', body: { a: 1 } });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('throws an ApiError with every error item of a failure envelope', async () => {
    const errors = [
      {
        id: 'e1',
        status: '400',
        code: 'validation_failed',
        title: 'Invalid',
        detail: 'Bad code',
        source: { pointer: '/productCode' },
      },
      {
        id: 'e2',
        status: '400',
        code: 'validation_failed',
        title: 'Invalid',
        source: { pointer: '/pickMode' },
      },
    ];
    respondWith(400, { data: {}, id: 'r', resource: [], errors });
    const error = await apiRequest('/x', itemSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', title: 'Invalid', errors });
  });

  it('keeps the pointer, title and detail of error items shaped otherwise than ours', async () => {
    respondWith(400, {
      errors: [{ status: 400, title: 'Invalid date', source: { pointer: '/requiredShipDate' } }, 'x'],
    });
    const error = await apiRequest('/x', itemSchema).catch((caught: unknown) => caught);
    expect((error as ApiError).errors).toEqual([
      {
        id: undefined,
        status: '400',
        code: 'http_error',
        title: 'Invalid date',
        detail: undefined,
        source: { pointer: '/requiredShipDate', parameter: undefined },
      },
    ]);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/x', itemSchema)).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('turns a body that is not JSON into an ApiError carrying the status', async () => {
    respondWith(502, '<html>Bad gateway</html>', true);
    await expect(apiRequest('/x', itemSchema)).rejects.toMatchObject({ status: 502, code: 'http_error' });
  });

  it('refuses a success whose data does not fit the schema', async () => {
    respondWith(200, { data: { id: 7 }, id: 'r', resource: [], errors: [] });
    await expect(apiRequest('/x', itemSchema)).rejects.toMatchObject({ code: 'unexpected_response' });
  });

  it('reads member names in any case, in answers and in error envelopes', async () => {
    respondWith(200, { Data: { Id: 'p1', Shipments: [] }, Id: 'r', Resource: [], Errors: [] });
    const looseItem = z.looseObject({ id: z.string() });
    await expect(apiRequest('/x', looseItem)).resolves.toEqual({ id: 'p1', shipments: [] });
    respondWith(400, {
      Data: {},
      Id: 'r',
      Resource: [],
      Errors: [{ Status: '400', Code: 'x', Title: 'Invalid', Source: { Pointer: '/PrimaryReference' } }],
    });
    const error = await apiRequest('/x', itemSchema).catch((caught: unknown) => caught);
    expect((error as ApiError).errors[0]?.source?.pointer).toBe('/PrimaryReference');
  });

  it('keeps the message of an error envelope with data: null, in a failure or a success status', async () => {
    for (const status of [409, 200]) {
      respondWith(status, {
        data: null,
        id: 'r',
        resource: [],
        errors: [{ status: '409', code: 'conflict', title: 'Reference taken', detail: 'SO-1 exists' }],
      });
      const error = await apiRequest('/x', itemSchema).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).errors).toEqual([
        { status: '409', code: 'conflict', title: 'Reference taken', detail: 'SO-1 exists' },
      ]);
      expect((error as ApiError).message).toContain('SO-1 exists');
    }
  });

  it('refuses a body that is the data without its envelope', async () => {
    respondWith(200, { id: 'bare' });
    await expect(apiRequest('/x', itemSchema)).rejects.toMatchObject({ code: 'unexpected_response' });
  });
});
