import { createFileRoute } from '@tanstack/react-router';
import { getProductQueryOptions } from '@/features/products/api/get-product';
import { ProductEditPage } from '@/features/products/components/product-edit-page';
import { ProductNotFound } from '@/features/products/components/product-not-found';
import { getConsoleConfigQueryOptions } from '@/lib/get-console-config';
import { requireRecord } from '@/lib/require-record';
import { requirePermission } from '@/lib/session';

export const Route = createFileRoute('/products/$productId/edit')({
  beforeLoad: ({ context: { queryClient } }) => requirePermission(queryClient, 'products.write'),
  loader: async ({ context: { queryClient }, params: { productId } }) => {
    const [product] = await Promise.all([
      requireRecord(queryClient.ensureQueryData(getProductQueryOptions(productId))),
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
    ]);
    return { productCode: product.productCode };
  },
  head: ({ loaderData }) => ({
    meta: [{ title: `Edit ${loaderData?.productCode ?? 'product'} · Warehouse Console` }],
  }),
  notFoundComponent: ProductNotFound,
  component: ProductEditRoute,
});

function ProductEditRoute() {
  const { productId } = Route.useParams();
  return <ProductEditPage productId={productId} />;
}
