import { createFileRoute } from '@tanstack/react-router';
import { getReceiveQueryOptions } from '../../features/receives/api/get-receive';
import { ReceiveDetailPage } from '../../features/receives/components/receive-detail-page';
import { ReceiveNotFound } from '../../features/receives/components/receive-not-found';
import { getConsoleConfigQueryOptions } from '../../lib/get-console-config';
import { requireRecord } from '../../lib/require-record';

/**
 * `receiveId` is the receive's primary reference, as every link has it (the header search's too);
 * an id typed in the address also opens it.
 */
export const Route = createFileRoute('/receives/$receiveId')({
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      requireRecord(queryClient.ensureQueryData(getReceiveQueryOptions(params.receiveId))),
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
    ]),
  head: ({ params }) => ({ meta: [{ title: `Receive ${params.receiveId} · Warehouse Console` }] }),
  notFoundComponent: ReceiveNotFoundRoute,
  component: ReceivePage,
});

function ReceivePage() {
  const { receiveId } = Route.useParams();
  return <ReceiveDetailPage kind="receives" referenceOrId={receiveId} />;
}

function ReceiveNotFoundRoute() {
  const { receiveId } = Route.useParams();
  return <ReceiveNotFound kind="receives" referenceOrId={receiveId} />;
}
