import { Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { RequiredFieldsNote } from '@/components/form/required-fields-note';
import { useConsoleConfig } from '@/lib/get-console-config';
import { useCreateOrder } from '../api/create-order';
import { emptyOrderForm, toOrderInput } from '../model/order-form';
import { OrderForm } from './order-form';

export function OrderCreatePage() {
  const config = useConsoleConfig();
  const navigate = useNavigate();
  const createOrder = useCreateOrder({
    onSuccess: (order) =>
      navigate({
        to: '/orders/$reference',
        params: { reference: order.primaryReference },
        ignoreBlocker: true,
      }),
  });
  return (
    <Stack gap="md">
      <Title order={1}>New order</Title>
      <RequiredFieldsNote />
      <OrderForm
        mode="create"
        config={config}
        defaultValues={emptyOrderForm(config.warehouses.length === 1 ? config.warehouses[0] : '')}
        submitLabel="Create order"
        cancelTo={{ to: '/orders' }}
        onSubmit={(values) => createOrder.mutateAsync(toOrderInput(values))}
      />
    </Stack>
  );
}
