import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useConsoleConfig } from '@/lib/get-console-config';
import { ProductCreateForm } from './product-create-form';

export function ProductCreatePage() {
  const config = useConsoleConfig();
  const navigate = useNavigate();
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
          return navigate({
            to: '/products/$productId',
            params: { productId: product.id },
            ignoreBlocker: true,
          });
        }}
      />
    </Stack>
  );
}
