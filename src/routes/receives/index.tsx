import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { loadReceiveList } from '@/features/receives/api/get-receive-list-page';
import { ReceiveListPage } from '@/features/receives/components/receive-list-page';
import { type ReceiveListSearch, readReceiveListSearch } from '@/features/receives/model/receive-list-search';

export const Route = createFileRoute('/receives/')({
  validateSearch: (search: ReceiveListSearch & SearchSchemaInput) => readReceiveListSearch(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps, cause }) =>
    loadReceiveList(queryClient, { search: deps, cause, kind: 'receive' }),
  head: () => ({ meta: [{ title: 'Receives · Warehouse Console' }] }),
  component: ReceiveListRoute,
});

function ReceiveListRoute() {
  const search = Route.useSearch();
  const { cursorRefused } = Route.useLoaderData();
  const navigate = Route.useNavigate();
  return (
    <ReceiveListPage
      search={search}
      cursorRefused={cursorRefused}
      onSearchChange={(next) =>
        navigate({ search: (previous) => ({ ...previous, ...next, cursors: undefined }), replace: true })
      }
    />
  );
}
