import { createFileRoute } from '@tanstack/react-router';
import { getOrdersByReferenceQueryOptions } from '@/features/orders/api/get-orders-by-reference';
import { OrderEditPage } from '@/features/orders/components/order-edit-page';
import { OrderNotFound } from '@/features/orders/components/order-not-found';
import { getConsoleConfigQueryOptions } from '@/lib/get-console-config';
import { requireRecord } from '@/lib/require-record';
import { requirePermission } from '@/lib/session';

export const Route = createFileRoute('/orders/$reference/edit')({
  beforeLoad: ({ context: { queryClient } }) => requirePermission(queryClient, 'orders.write'),
  // Always read afresh: the correction must start from what the warehouse holds now.
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      requireRecord(
        queryClient
          .fetchQuery({ ...getOrdersByReferenceQueryOptions(params.reference), staleTime: 0 })
          .then(([order]) => order),
      ),
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
    ]),
  head: ({ params }) => ({ meta: [{ title: `Correct order ${params.reference} · Warehouse Console` }] }),
  notFoundComponent: OrderNotFoundRoute,
  component: OrderEditRoute,
});

function OrderEditRoute() {
  const { reference } = Route.useParams();
  return <OrderEditPage reference={reference} />;
}

function OrderNotFoundRoute() {
  const { reference } = Route.useParams();
  return <OrderNotFound reference={reference} />;
}
