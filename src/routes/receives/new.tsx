import { createFileRoute } from '@tanstack/react-router';
import { getProductSuggestionsQueryOptions } from '@/components/get-product-suggestions';
import { ReceiveCreatePage } from '@/features/receives/components/receive-create-page';
import { getConsoleConfigQueryOptions } from '@/lib/get-console-config';
import { requirePermission } from '@/lib/session';

export const Route = createFileRoute('/receives/new')({
  beforeLoad: ({ context: { queryClient } }) => requirePermission(queryClient, 'receives.write'),
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
      queryClient.ensureQueryData(getProductSuggestionsQueryOptions()),
    ]),
  head: () => ({ meta: [{ title: 'New receive · Warehouse Console' }] }),
  component: ReceiveCreateRoute,
});

function ReceiveCreateRoute() {
  return <ReceiveCreatePage />;
}
