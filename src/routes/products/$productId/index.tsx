import { createFileRoute, notFound } from '@tanstack/react-router';
import { getProductQueryOptions, useProduct } from '../../../features/products/api/get-product';
import { ProductDetails } from '../../../features/products/components/product-details';
import { ProductNotFound } from '../../../features/products/components/product-not-found';
import { isNotFoundError } from '../../../lib/api-error';
import { getConsoleConfigQueryOptions, useConsoleConfig } from '../../../lib/get-console-config';

export const Route = createFileRoute('/products/$productId/')({
  loader: async ({ context: { queryClient }, params: { productId } }) => {
    try {
      const [product] = await Promise.all([
        queryClient.ensureQueryData(getProductQueryOptions(productId)),
        queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
      ]);
      return { productCode: product.productCode };
    } catch (error) {
      if (isNotFoundError(error)) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: `${loaderData?.productCode ?? 'Product'} · Products · Warehouse Console` }],
  }),
  notFoundComponent: ProductNotFound,
  component: ProductPage,
});

function ProductPage() {
  const { productId } = Route.useParams();
  const product = useProduct(productId);
  const config = useConsoleConfig();
  return <ProductDetails product={product} config={config} />;
}
