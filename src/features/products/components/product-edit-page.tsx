import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useConsoleConfig } from '@/lib/get-console-config';
import { useProduct } from '../api/get-product';
import { ProductEditForm } from './product-edit-form';

export function ProductEditPage({ productId }: { productId: string }) {
  const product = useProduct(productId);
  const config = useConsoleConfig();
  const navigate = useNavigate();
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
          return navigate({
            to: '/products/$productId',
            params: { productId: saved.id },
            ignoreBlocker: true,
          });
        }}
      />
    </Stack>
  );
}
