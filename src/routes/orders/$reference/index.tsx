import { createFileRoute } from '@tanstack/react-router';
import { getOrdersByReferenceQueryOptions } from '../../../features/orders/api/get-orders-by-reference';
import { OrderPage } from '../../../features/orders/components/order-page';
import { getConsoleConfigQueryOptions } from '../../../lib/get-console-config';

export const Route = createFileRoute('/orders/$reference/')({
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(getOrdersByReferenceQueryOptions(params.reference)),
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
    ]),
  head: ({ params }) => ({ meta: [{ title: `Order ${params.reference} · Warehouse Console` }] }),
  component: OrderRoute,
});

function OrderRoute() {
  const { reference } = Route.useParams();
  return <OrderPage reference={reference} />;
}
