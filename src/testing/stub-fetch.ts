import { type Mock, vi } from 'vitest';
import type { ErrorItem } from '@/contract/envelope';

/** A request as the stub's answer function sees it. */
export type StubbedRequest = {
  /** As the code under test passed it to fetch, query included. */
  url: string;
  path: string;
  query: URLSearchParams;
  method: string;
};

/** A Response is sent as it is; anything else is the `data` of a success envelope. */
export type StubAnswer = Response | object;

/**
 * Replaces the global fetch, as the browser code reaches our server: `answer` gets each request and returns
 * the data to wrap in the envelope, a `refusal(...)`, or any Response (a body that is not the envelope);
 * throwing stands for a network failure. Returns the mock, to read the calls. Undo with
 * `vi.unstubAllGlobals()`.
 */
export function stubFetch(answer: (request: StubbedRequest) => StubAnswer | Promise<StubAnswer>) {
  // The browser code calls fetch with a path string (lib/api-client).
  const fetch: Mock<(url: string, init?: RequestInit) => Promise<Response>> = vi.fn(async (url, init) => {
    const parsed = new URL(url, 'http://console');
    const answered = await answer({
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      method: init?.method ?? 'GET',
    });
    return answered instanceof Response
      ? answered
      : Response.json({ data: answered, id: 'r', resource: [], errors: [] });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The error envelope the server sends with `status`; each item's status is filled in. */
export function refusal(status: number, errors: Omit<ErrorItem, 'status'>[]): Response {
  return Response.json(
    {
      data: {},
      id: 'r',
      resource: [],
      errors: errors.map((error) => ({ status: String(status), ...error })),
    },
    { status },
  );
}
