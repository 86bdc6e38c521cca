import { createFileRoute } from '@tanstack/react-router';
import { getProductSuggestionsQueryOptions } from '../../components/get-product-suggestions';
import { NewReceivePage } from '../../features/receives/components/new-receive-page';
import { getConsoleConfigQueryOptions } from '../../lib/get-console-config';
import { requirePermission } from '../../lib/session';

export const Route = createFileRoute('/receives/new')({
  beforeLoad: ({ context: { queryClient } }) => requirePermission(queryClient, 'receives.write'),
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
      queryClient.ensureQueryData(getProductSuggestionsQueryOptions()),
    ]),
  head: () => ({ meta: [{ title: 'New receive · Warehouse Console' }] }),
  component: NewReceiveRoute,
});

function NewReceiveRoute() {
  return <NewReceivePage kind="receives" />;
}
