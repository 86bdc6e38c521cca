import { createFileRoute } from '@tanstack/react-router';
import { getOrdersByReferenceQueryOptions } from '../../../features/orders/api/get-orders-by-reference';
import { OrderCorrectPage } from '../../../features/orders/components/order-correct-page';
import { getConsoleConfigQueryOptions } from '../../../lib/get-console-config';
import { requirePermission } from '../../../lib/session';

export const Route = createFileRoute('/orders/$reference/edit')({
  beforeLoad: ({ context: { queryClient } }) => requirePermission(queryClient, 'orders.write'),
  // Always read afresh: the correction must start from what the warehouse holds now.
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      queryClient.fetchQuery({ ...getOrdersByReferenceQueryOptions(params.reference), staleTime: 0 }),
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
    ]),
  head: ({ params }) => ({ meta: [{ title: `Correct order ${params.reference} · Warehouse Console` }] }),
  component: OrderCorrectRoute,
});

function OrderCorrectRoute() {
  const { reference } = Route.useParams();
  return <OrderCorrectPage reference={reference} />;
}
