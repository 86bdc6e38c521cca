import { createFileRoute } from '@tanstack/react-router';
import { SyncPage } from '@/features/sync/components/sync-page';
import { getConsoleConfigQueryOptions } from '@/lib/get-console-config';
import { getIndexStatusQueryOptions } from '@/lib/get-index-status';

export const Route = createFileRoute('/sync')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(getIndexStatusQueryOptions()),
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
    ]),
  head: () => ({ meta: [{ title: 'Sync · Warehouse Console' }] }),
  component: SyncPage,
});
