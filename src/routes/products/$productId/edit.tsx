import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createFileRoute } from '@tanstack/react-router';
import { getProductQueryOptions, useProduct } from '@/features/products/api/get-product';
import { ProductEditForm } from '@/features/products/components/product-edit-form';
import { ProductNotFound } from '@/features/products/components/product-not-found';
import { getConsoleConfigQueryOptions, useConsoleConfig } from '@/lib/get-console-config';
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
  const product = useProduct(productId);
  const config = useConsoleConfig();
  const navigate = Route.useNavigate();
  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1}>Edit {product.productCode}</Title>
        <Text c="dimmed">Only the fields you change are sent to the warehouse.</Text>
      </div>
      <ProductEditForm
        product={product}
        config={config}
        onSaved={(saved) => {
          notifications.show({ color: 'green', message: `Product ${saved.productCode} was saved.` });
          void navigate({ to: '/products/$productId', params: { productId: saved.id }, ignoreBlocker: true });
        }}
      />
    </Stack>
  );
}
