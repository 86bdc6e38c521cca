import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { loadSearchPage } from '@/features/search/api/load-search-page';
import { SearchResults } from '@/features/search/components/search-results';
import { readPositiveInteger, readText } from '@/lib/search-params';

export const Route = createFileRoute('/search')({
  validateSearch: (search: { q?: string; page?: number } & SearchSchemaInput) => ({
    q: readText(search.q) ?? '',
    page: readPositiveInteger(search.page),
  }),
  loaderDeps: ({ search }) => ({ q: search.q, page: search.page ?? 1 }),
  loader: ({ context: { queryClient }, deps: { q, page } }) => loadSearchPage(queryClient, q, page),
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
  const { q, page } = Route.useSearch();
  const found = Route.useLoaderData();
  return <SearchResults q={q} page={page ?? 1} found={found} />;
}
