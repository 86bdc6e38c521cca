import { createFileRoute } from '@tanstack/react-router';
import { listReceivesQueryOptions } from '../../features/receives/api/list-receives';
import { ReceiveListPage } from '../../features/receives/components/receive-list-page';
import { receiveListSearchSchema, serverFiltersFor } from '../../features/receives/model/receive-list-search';

export const Route = createFileRoute('/receives/')({
  validateSearch: receiveListSearchSchema,
  loaderDeps: ({ search }) => serverFiltersFor(search, 'receives'),
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(listReceivesQueryOptions(deps)),
  component: ReceivesPage,
});

function ReceivesPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReceiveListPage
      kind="receives"
      search={search}
      onSearchChange={(next) => navigate({ search: (previous) => ({ ...previous, ...next }) })}
    />
  );
}
