import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchMatch } from '@/contract/index-search';
import { searchMatch } from '@/testing/search-match-fixtures';
import { stubFetch } from '@/testing/stub-fetch';
import { LAST_SEARCH_PAGE, loadSearchPage } from './load-search-page';
import { noMatches } from './search-index';

afterEach(() => {
  vi.unstubAllGlobals();
});

const match = (id: string): SearchMatch =>
  searchMatch({
    kind: 'receive',
    id,
    primaryReference: `PO-${id}`,
    status: 'PRS',
    state: 'awaiting',
    matchedField: 'partAttributes.LOT',
    snippet: 'LOT1',
  });

/** The search answers `matches` and `hasMore`; returns the queries asked. */
function stubSearch(matches: SearchMatch[], hasMore: boolean) {
  const asked: string[] = [];
  stubFetch(({ query }) => {
    asked.push(query.toString());
    return { matches, hasMore, total: matches.length, totalExact: true };
  });
  return asked;
}

describe('loadSearchPage', () => {
  const queryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('opens the one record a search finds instead of listing it', async () => {
    stubSearch([match('1')], false);
    const thrown = await loadSearchPage(queryClient(), 'lot1', 1).catch((error: unknown) => error);
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: { href: string } }).options.href).toBe('/receives/PO-1');
  });

  it('lists a lone match on a later page, and asks each page by its offset', async () => {
    const asked = stubSearch([match('26')], false);
    await expect(loadSearchPage(queryClient(), 'lot', 2)).resolves.toEqual({
      matches: [match('26')],
      hasMore: false,
      total: 1,
      totalExact: true,
    });
    expect(asked).toEqual(['q=lot&offset=25&limit=25']);
  });

  it('asks for no page past the last the index serves, and offers none after it', async () => {
    const asked = stubSearch([match('1'), match('2')], true);
    const page = await loadSearchPage(queryClient(), 'lot', LAST_SEARCH_PAGE + 5);
    expect(page.hasMore).toBe(false);
    expect(asked).toEqual([`q=lot&offset=${(LAST_SEARCH_PAGE - 1) * 25}&limit=25`]);
  });

  it('asks nothing for an empty search', async () => {
    const asked = stubSearch([], false);
    await expect(loadSearchPage(queryClient(), '', 1)).resolves.toEqual(noMatches);
    expect(asked).toEqual([]);
  });
});
