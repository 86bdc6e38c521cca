import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import { findByReference } from '../app/search/find-by-reference';
import { SearchResults } from '../app/search/search-results';
import { readText } from '../lib/search-params';

export const Route = createFileRoute('/search')({
  validateSearch: (search: { q?: string } & SearchSchemaInput) => ({ q: readText(search.q) ?? '' }),
  loaderDeps: ({ search }) => ({ q: search.q }),
  loader: async ({ context: { queryClient }, deps: { q } }) => {
    if (!q) return { matches: [] };
    const matches = await findByReference(queryClient, q);
    // One match: open it at once, replacing the search in history so Back does not bounce here.
    if (matches.length === 1 && matches[0]) throw redirect({ href: matches[0].href, replace: true });
    return { matches };
  },
  head: ({ match }) => ({
    meta: [
      {
        title: match.search.q
          ? `Search “${match.search.q}” · Warehouse Console`
          : 'Search · Warehouse Console',
      },
    ],
  }),
  component: SearchRoute,
});

function SearchRoute() {
  const { q } = Route.useSearch();
  const { matches } = Route.useLoaderData();
  return <SearchResults q={q} matches={matches} />;
}
