import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createFileRoute } from '@tanstack/react-router';
import { ProductCreateForm } from '@/features/products/components/product-create-form';
import { getConsoleConfigQueryOptions, useConsoleConfig } from '@/lib/get-console-config';
import { requirePermission } from '@/lib/session';

export const Route = createFileRoute('/products/new')({
  beforeLoad: ({ context: { queryClient } }) => requirePermission(queryClient, 'products.write'),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
  head: () => ({ meta: [{ title: 'New product · Warehouse Console' }] }),
  component: ProductCreateRoute,
});

function ProductCreateRoute() {
  const config = useConsoleConfig();
  const navigate = Route.useNavigate();
  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1}>New product</Title>
        <Text c="dimmed">
          Register a SKU so it can be used on receives and orders. Fields marked * are required.
        </Text>
      </div>
      <ProductCreateForm
        config={config}
        onCreated={(product) => {
          notifications.show({ color: 'green', message: `Product ${product.productCode} was created.` });
          // Saved: nothing is left to lose, so the unsaved-changes guard does not ask.
          void navigate({
            to: '/products/$productId',
            params: { productId: product.id },
            ignoreBlocker: true,
          });
        }}
      />
    </Stack>
  );
}
