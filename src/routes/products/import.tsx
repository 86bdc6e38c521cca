import { createFileRoute } from '@tanstack/react-router';
import { ProductImportPage } from '@/features/products/components/product-import-page';
import { getConsoleConfigQueryOptions } from '@/lib/get-console-config';
import { requirePermission } from '@/lib/session';

export const Route = createFileRoute('/products/import')({
  beforeLoad: ({ context: { queryClient } }) => requirePermission(queryClient, 'products.write'),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
  head: () => ({ meta: [{ title: 'Import products · Warehouse Console' }] }),
  component: ProductImportPage,
});
