import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { getSuggestedReturnReferenceQueryOptions } from '@/features/receives/api/get-suggested-return-reference';
import { ReturnCreatePage } from '@/features/receives/components/return-create-page';
import { getConsoleConfigQueryOptions } from '@/lib/get-console-config';
import { readText } from '@/lib/search-params';
import { requirePermission } from '@/lib/session';

export const Route = createFileRoute('/returns/new')({
  // ?order=SO-1: the order the return is started from ("Start a return" on its page).
  validateSearch: (search: { order?: string } & SearchSchemaInput) => ({ order: readText(search.order) }),
  beforeLoad: ({ context: { queryClient } }) => requirePermission(queryClient, 'returns.write'),
  // The suggested RMA number comes with the form when it can; a failed read leaves the field empty.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
      queryClient.prefetchQuery(getSuggestedReturnReferenceQueryOptions()),
    ]),
  head: () => ({ meta: [{ title: 'New return · Warehouse Console' }] }),
  component: ReturnCreateRoute,
});

function ReturnCreateRoute() {
  const { order } = Route.useSearch();
  return <ReturnCreatePage originalOrder={order} />;
}
