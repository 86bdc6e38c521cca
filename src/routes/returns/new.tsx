import { createFileRoute } from '@tanstack/react-router';
import { getProductChoicesQueryOptions } from '../../features/receives/api/get-product-choices';
import { NewReceivePage } from '../../features/receives/components/new-receive-page';
import { getConsoleConfigQueryOptions } from '../../lib/get-console-config';

export const Route = createFileRoute('/returns/new')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
      queryClient.ensureQueryData(getProductChoicesQueryOptions()),
    ]),
  head: () => ({ meta: [{ title: 'New return · Warehouse Console' }] }),
  component: NewReturnRoute,
});

function NewReturnRoute() {
  return <NewReceivePage kind="returns" />;
}
