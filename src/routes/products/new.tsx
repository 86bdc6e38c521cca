import { createFileRoute } from '@tanstack/react-router';
import { ProductCreatePage } from '@/features/products/components/product-create-page';
import { getConsoleConfigQueryOptions } from '@/lib/get-console-config';
import { requirePermission } from '@/lib/session';

export const Route = createFileRoute('/products/new')({
  beforeLoad: ({ context: { queryClient } }) => requirePermission(queryClient, 'products.write'),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
  head: () => ({ meta: [{ title: 'New product · Warehouse Console' }] }),
  component: ProductCreatePage,
});
