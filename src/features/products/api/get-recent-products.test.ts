import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCursorPage } from '@/lib/cursor-pages';
import { refusal, stubFetch } from '@/testing/stub-fetch';
import { getRecentProductsQueryOptions } from './get-recent-products';

const firstPage = { products: [], nextCursor: null };

/** The listing: page 1 without a cursor; the given status for any cursor. */
function stubListing(statusForCursor: number) {
  stubFetch(({ query }) => {
    if (!query.has('cursor')) return firstPage;
    return refusal(statusForCursor, [
      {
        code: statusForCursor === 400 ? 'validation_failed' : 'upstream_unreachable',
        title: 'Refused',
        source: statusForCursor === 400 ? { pointer: '/cursor' } : undefined,
      },
    ]);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What the products route's loader does for the recent products at `cursors`. */
function ensureRecentProducts(queryClient: QueryClient, cursors: string[] | undefined) {
  return loadCursorPage(cursors, (cursor) =>
    queryClient.ensureQueryData(getRecentProductsQueryOptions(cursor)),
  );
}

describe('loading the recent products at the cursors in the URL', () => {
  it('falls back to the first page when the listing refuses the cursor', async () => {
    stubListing(400);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(ensureRecentProducts(queryClient, ['x'])).resolves.toEqual({ cursorRefused: true });
    expect(queryClient.getQueryData(getRecentProductsQueryOptions(undefined).queryKey)).toEqual({
      products: [],
      nextCursor: undefined,
      ignored: [],
    });
  });

  it('loads the first page when there is no cursor', async () => {
    stubListing(400);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(ensureRecentProducts(queryClient, undefined)).resolves.toEqual({ cursorRefused: false });
  });

  it('lets any other failure reach the error page', async () => {
    stubListing(502);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(ensureRecentProducts(queryClient, ['x'])).rejects.toMatchObject({ status: 502 });
  });
});
