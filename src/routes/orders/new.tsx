import { createFileRoute } from '@tanstack/react-router';
import { OrderCreatePage } from '../../features/orders/components/order-create-page';
import { getConsoleConfigQueryOptions } from '../../lib/get-console-config';

export const Route = createFileRoute('/orders/new')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
  head: () => ({ meta: [{ title: 'New order · Warehouse Console' }] }),
  component: OrderCreatePage,
});
