import { createFileRoute } from '@tanstack/react-router';
import { originalOrderOf } from '@/contract/return-references';
import { getOriginalOrderQueryOptions } from '@/features/receives/api/get-original-order';
import { getReceiveQueryOptions } from '@/features/receives/api/get-receive';
import { ReturnDetailPage } from '@/features/receives/components/return-detail-page';
import { ReturnNotFound } from '@/features/receives/components/return-not-found';
import { getConsoleConfigQueryOptions } from '@/lib/get-console-config';
import { getOrderReturnsQueryOptions } from '@/lib/get-order-returns';
import { requireRecord } from '@/lib/require-record';

/**
 * `reference` is the return's primary reference, as every link has it (the header search's too);
 * an id typed in the address also opens it. The page waits for the original order and its returns as well.
 */
export const Route = createFileRoute('/returns/$reference')({
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      requireRecord(queryClient.ensureQueryData(getReceiveQueryOptions(params.reference))).then(
        ({ record }) =>
          queryClient
            .ensureQueryData(getOriginalOrderQueryOptions(originalOrderOf(record) ?? ''))
            .then((order) =>
              queryClient.ensureQueryData(getOrderReturnsQueryOptions(order?.primaryReference ?? '')),
            ),
      ),
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
    ]),
  head: ({ params }) => ({ meta: [{ title: `Return ${params.reference} · Warehouse Console` }] }),
  notFoundComponent: ReturnNotFoundRoute,
  component: ReturnDetailRoute,
});

function ReturnDetailRoute() {
  const { reference } = Route.useParams();
  return <ReturnDetailPage referenceOrId={reference} />;
}

function ReturnNotFoundRoute() {
  const { reference } = Route.useParams();
  return <ReturnNotFound referenceOrId={reference} />;
}
