import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { findByReference } from '../app/search/find-by-reference';
import { SearchResults } from '../app/search/search-results';

export const Route = createFileRoute('/search')({
  // zod/mini: search schemas load with the first page, and the full zod would not fit its budget.
  validateSearch: z.object({
    q: z.catch(
      z.pipe(
        z.string(),
        z.transform((q) => q.trim()),
      ),
      '',
    ),
  }),
  loaderDeps: ({ search }) => ({ q: search.q }),
  loader: async ({ context: { queryClient }, deps: { q } }) => {
    if (!q) return { matches: [] };
    const matches = await findByReference(queryClient, q);
    // One match: open it at once, replacing the search in history so Back does not bounce here.
    if (matches.length === 1 && matches[0]) throw redirect({ href: matches[0].href, replace: true });
    return { matches };
  },
  component: SearchPage,
});

function SearchPage() {
  const { q } = Route.useSearch();
  const { matches } = Route.useLoaderData();
  return <SearchResults q={q} matches={matches} />;
}
