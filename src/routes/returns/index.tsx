import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { getReceivesByReferenceQueryOptions } from '../../features/receives/api/get-receives-by-reference';
import { listReceivesQueryOptions } from '../../features/receives/api/list-receives';
import { ReceiveListPage } from '../../features/receives/components/receive-list-page';
import {
  type ReceiveListSearch,
  readReceiveListSearch,
  serverFiltersFor,
} from '../../features/receives/model/receive-list-search';

export const Route = createFileRoute('/returns/')({
  // Links may leave any member out.
  validateSearch: (search: Partial<ReceiveListSearch> & SearchSchemaInput) => readReceiveListSearch(search),
  loaderDeps: ({ search }) => ({ reference: search.reference, filters: serverFiltersFor(search, 'returns') }),
  loader: ({ context: { queryClient }, deps }) =>
    deps.reference
      ? queryClient.ensureQueryData(getReceivesByReferenceQueryOptions(deps.reference))
      : queryClient.ensureQueryData(listReceivesQueryOptions(deps.filters)),
  head: () => ({ meta: [{ title: 'Returns · Warehouse Console' }] }),
  component: ReturnListRoute,
});

function ReturnListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReceiveListPage
      kind="returns"
      search={search}
      onSearchChange={(next) => navigate({ search: (previous) => ({ ...previous, ...next }) })}
    />
  );
}
