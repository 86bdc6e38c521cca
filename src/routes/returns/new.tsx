import { createFileRoute } from '@tanstack/react-router';
import { ReturnCreatePage } from '../../features/returns/components/return-create-page';
import { getConsoleConfigQueryOptions } from '../../lib/get-console-config';
import { requirePermission } from '../../lib/session';

export const Route = createFileRoute('/returns/new')({
  beforeLoad: ({ context: { queryClient } }) => requirePermission(queryClient, 'receives.write'),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
  head: () => ({ meta: [{ title: 'New return · Warehouse Console' }] }),
  component: ReturnCreatePage,
});
