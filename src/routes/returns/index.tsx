import { createFileRoute } from '@tanstack/react-router';
import { listReceivesQueryOptions } from '../../features/receives/api/list-receives';
import { ReceiveListPage } from '../../features/receives/components/receive-list-page';
import { receiveListSearchSchema, serverFiltersFor } from '../../features/receives/model/receive-list-search';

export const Route = createFileRoute('/returns/')({
  validateSearch: receiveListSearchSchema,
  loaderDeps: ({ search }) => serverFiltersFor(search, 'returns'),
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(listReceivesQueryOptions(deps)),
  component: ReturnsPage,
});

function ReturnsPage() {
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
