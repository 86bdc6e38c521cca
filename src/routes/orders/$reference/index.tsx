import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { RecordActivity } from '@/components/record-activity';
import { getOrdersByReferenceQueryOptions } from '@/features/orders/api/get-orders-by-reference';
import { OrderDetailPage } from '@/features/orders/components/order-detail-page';
import { OrderNotFound } from '@/features/orders/components/order-not-found';
import { getConsoleConfigQueryOptions } from '@/lib/get-console-config';
import { getOrderReturnsQueryOptions } from '@/lib/get-order-returns';
import { requireRecord } from '@/lib/require-record';

export const Route = createFileRoute('/orders/$reference/')({
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      requireRecord(
        queryClient
          .ensureQueryData(getOrdersByReferenceQueryOptions(params.reference))
          .then(([order]) => order),
      ).then(({ record }) =>
        queryClient.ensureQueryData(getOrderReturnsQueryOptions(record.primaryReference)),
      ),
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
    ]),
  head: ({ params }) => ({ meta: [{ title: `Order ${params.reference} · Warehouse Console` }] }),
  notFoundComponent: OrderNotFoundRoute,
  component: OrderDetailRoute,
});

function OrderDetailRoute() {
  const { reference } = Route.useParams();
  return (
    <Stack gap="xl">
      <OrderDetailPage reference={reference} />
      <RecordActivity kind="order" reference={reference} />
    </Stack>
  );
}

function OrderNotFoundRoute() {
  const { reference } = Route.useParams();
  return <OrderNotFound reference={reference} />;
}
