import { queryOptions } from '@tanstack/react-query';
import { type SearchPage, searchLimits, searchPageSchema } from '@/contract/index-search';
import { apiRequest } from '@/lib/api-client';

/** The palette shows this many matches; `/search` pages by this many. */
export const PALETTE_MATCHES = 10;
export const SEARCH_PAGE_SIZE = 25;

/** What a search answers that finds nothing. */
export const noMatches: SearchPage = { matches: [], hasMore: false, total: 0, totalExact: true };

/** `lookup: false` (the palette's, as you type): the index only, never the service behind it. */
type IndexSearch = { q: string; offset?: number; limit: number; lookup?: boolean };

/** One page of the index's search; text longer than the index takes finds nothing, without asking. */
export function searchIndex(
  { q, offset = 0, limit, lookup = true }: IndexSearch,
  signal?: AbortSignal,
): Promise<SearchPage> {
  if (q.length > searchLimits.maxQueryLength) return Promise.resolve(noMatches);
  return apiRequest('/search', searchPageSchema, {
    query: { q, offset, limit, lookup: lookup ? undefined : 'false' },
    signal,
  });
}

/** A search follows what was just typed: its answer is kept a moment, for Back and for typing it again. */
export function searchIndexQueryOptions(search: IndexSearch) {
  return queryOptions({
    queryKey: ['search', search.q, search.offset ?? 0, search.limit, search.lookup ?? true] as const,
    queryFn: ({ signal }) => searchIndex(search, signal),
    staleTime: 5_000,
  });
}
