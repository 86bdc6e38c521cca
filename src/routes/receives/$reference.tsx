import { createFileRoute } from '@tanstack/react-router';
import { getReceiveQueryOptions } from '@/features/receives/api/get-receive';
import { ReceiveDetailPage } from '@/features/receives/components/receive-detail-page';
import { ReceiveNotFound } from '@/features/receives/components/receive-not-found';
import { getConsoleConfigQueryOptions } from '@/lib/get-console-config';
import { requireRecord } from '@/lib/require-record';

/**
 * `reference` is the receive's primary reference, as every link has it (the header search's too);
 * an id typed in the address also opens it.
 */
export const Route = createFileRoute('/receives/$reference')({
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      requireRecord(queryClient.ensureQueryData(getReceiveQueryOptions(params.reference))),
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
    ]),
  head: ({ params }) => ({ meta: [{ title: `Receive ${params.reference} · Warehouse Console` }] }),
  notFoundComponent: ReceiveNotFoundRoute,
  component: ReceiveDetailRoute,
});

function ReceiveDetailRoute() {
  const { reference } = Route.useParams();
  return <ReceiveDetailPage kind="receives" referenceOrId={reference} />;
}

function ReceiveNotFoundRoute() {
  const { reference } = Route.useParams();
  return <ReceiveNotFound referenceOrId={reference} />;
}
