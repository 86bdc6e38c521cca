import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { loadReceiveList } from '@/features/receives/api/get-receive-list-page';
import { ReturnListPage } from '@/features/receives/components/return-list-page';
import { type ReceiveListSearch, readReceiveListSearch } from '@/features/receives/model/receive-list-search';

export const Route = createFileRoute('/returns/')({
  validateSearch: (search: ReceiveListSearch & SearchSchemaInput) => readReceiveListSearch(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps, cause }) =>
    loadReceiveList(queryClient, { search: deps, cause, kind: 'return' }),
  head: () => ({ meta: [{ title: 'Returns · Warehouse Console' }] }),
  component: ReturnListRoute,
});

function ReturnListRoute() {
  const search = Route.useSearch();
  const { cursorRefused } = Route.useLoaderData();
  const navigate = Route.useNavigate();
  return (
    <ReturnListPage
      search={search}
      cursorRefused={cursorRefused}
      onSearchChange={(next) =>
        navigate({ search: (previous) => ({ ...previous, ...next, cursors: undefined }), replace: true })
      }
    />
  );
}
