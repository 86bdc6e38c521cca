import { queryOptions } from '@tanstack/react-query';
import type { SearchKind, SearchMatch, SearchPage } from '@/contract/index-search';
import { searchLimits, searchRoute } from '@/contract/index-search';
import { compactForm } from '@/domain/search-text';
import { callOperation } from './call-operation';

/** A page's search box lists at most this many matches; past that, the search page has them all. */
export const BOX_MATCHES = 10;

/** The index's forgiving search, for one kind of record (what a list page's search box looks for). */
export function searchOneKind(kind: SearchKind, q: string, signal?: AbortSignal): Promise<SearchPage> {
  if (q.length > searchLimits.maxQueryLength) {
    return Promise.resolve({ matches: [], hasMore: false, total: 0, totalExact: true });
  }
  return callOperation(searchRoute, {
    query: { q, kind, limit: BOX_MATCHES, offset: 0 },
    signal,
  });
}

/** A box's search in the query cache: the page it lists comes from the answer that decided to list it. */
export function searchOneKindQueryOptions(kind: SearchKind, q: string) {
  return queryOptions({
    queryKey: ['search-one-kind', kind, q] as const,
    queryFn: ({ signal }) => searchOneKind(kind, q, signal),
    staleTime: 5_000,
  });
}

/**
 * The match a search box opens straight away: the only one, or the only one whose matched value is what
 * was typed, whole (`#web-2837551` is WEB-2837551). Null when the person has to choose, as for a match of a
 * typo read otherwise: it may not be the record meant.
 */
export function matchToOpen(found: SearchPage, q: string): SearchMatch | null {
  const [only] = found.matches;
  if (found.matches.length === 1 && !found.hasMore && only?.spelledAs === null) return only;
  const typed = compactForm(q);
  const whole = found.matches.filter((match) => compactForm(match.snippet) === typed);
  return whole.length === 1 ? (whole[0] ?? null) : null;
}
