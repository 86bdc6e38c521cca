import { createFileRoute } from '@tanstack/react-router';
import { getIndexStatusQueryOptions } from '../features/sync/api/get-index-status';
import { SyncPage } from '../features/sync/components/sync-page';
import { getConsoleConfigQueryOptions } from '../lib/get-console-config';

export const Route = createFileRoute('/sync')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(getIndexStatusQueryOptions()),
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
    ]),
  head: () => ({ meta: [{ title: 'Sync · Warehouse Console' }] }),
  component: SyncPage,
});
