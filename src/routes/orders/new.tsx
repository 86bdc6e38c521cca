import { createFileRoute } from '@tanstack/react-router';
import { OrderCreatePage } from '@/features/orders/components/order-create-page';
import { getConsoleConfigQueryOptions } from '@/lib/get-console-config';
import { requirePermission } from '@/lib/session';

export const Route = createFileRoute('/orders/new')({
  beforeLoad: ({ context: { queryClient } }) => requirePermission(queryClient, 'orders.write'),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
  head: () => ({ meta: [{ title: 'New order · Warehouse Console' }] }),
  component: OrderCreatePage,
});
