import { createFileRoute } from '@tanstack/react-router';
import { getProductQueryOptions, useProduct } from '@/features/products/api/get-product';
import { getProductStockQueryOptions } from '@/features/products/api/get-product-stock';
import { ProductDetails } from '@/features/products/components/product-details';
import { ProductNotFound } from '@/features/products/components/product-not-found';
import { getConsoleConfigQueryOptions, useConsoleConfig } from '@/lib/get-console-config';
import { requireRecord } from '@/lib/require-record';

export const Route = createFileRoute('/products/$productId/')({
  loader: async ({ context: { queryClient }, params: { productId } }) => {
    const [product] = await Promise.all([
      requireRecord(queryClient.ensureQueryData(getProductQueryOptions(productId))),
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
    ]);
    // The stock fills in below the product's details once counted.
    void queryClient.prefetchQuery(getProductStockQueryOptions(product.productCode));
    return { productCode: product.productCode };
  },
  head: ({ loaderData }) => ({
    meta: [{ title: `${loaderData?.productCode ?? 'Product'} · Products · Warehouse Console` }],
  }),
  notFoundComponent: ProductNotFound,
  component: ProductDetailRoute,
});

function ProductDetailRoute() {
  const { productId } = Route.useParams();
  const product = useProduct(productId);
  const config = useConsoleConfig();
  return <ProductDetails product={product} config={config} />;
}
