import { createFileRoute } from '@tanstack/react-router';
import { getProductChoicesQueryOptions } from '../../features/receives/api/get-product-choices';
import { NewReceivePage } from '../../features/receives/components/new-receive-page';
import { getConsoleConfigQueryOptions } from '../../lib/get-console-config';

export const Route = createFileRoute('/receives/new')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
      queryClient.ensureQueryData(getProductChoicesQueryOptions()),
    ]),
  head: () => ({ meta: [{ title: 'New receive · Warehouse Console' }] }),
  component: NewReceiveRoute,
});

function NewReceiveRoute() {
  return <NewReceivePage kind="receives" />;
}
