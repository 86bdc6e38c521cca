import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { type SearchPage, searchLimits } from '@/contract/index-search';
import { focusHeadingState } from '@/lib/heading-focus';
import { matchHref } from '@/lib/match-description';
import { noMatches, SEARCH_PAGE_SIZE, searchIndexQueryOptions } from './search-index';

/** The last page a search can open: the index starts no page past its offset limit. */
export const LAST_SEARCH_PAGE = Math.floor(searchLimits.maxOffset / SEARCH_PAGE_SIZE) + 1;

/**
 * Page `page` of everything the index finds for `q`, asked afresh (a search often follows a change). A
 * search that finds exactly one record by what was typed opens it instead, replacing the search in history
 * so that Back does not bounce here (one found by a typo read otherwise is listed: it may not be the one).
 */
export async function loadSearchPage(queryClient: QueryClient, q: string, page: number): Promise<SearchPage> {
  if (!q) return noMatches;
  const offset = (Math.min(page, LAST_SEARCH_PAGE) - 1) * SEARCH_PAGE_SIZE;
  const found = await queryClient.fetchQuery({
    ...searchIndexQueryOptions({ q, offset, limit: SEARCH_PAGE_SIZE }),
    staleTime: 0,
  });
  const [only] = found.matches;
  if (offset === 0 && only?.spelledAs === null && found.matches.length === 1 && !found.hasMore) {
    throw redirect({ href: matchHref(only), replace: true, state: focusHeadingState });
  }
  return { ...found, hasMore: found.hasMore && page < LAST_SEARCH_PAGE };
}
