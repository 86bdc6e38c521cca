import { Alert, Stack, Text, Title } from '@mantine/core';
import { notFound, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ButtonLink } from '@/components/router-links';
import { useConsoleConfig } from '@/lib/get-console-config';
import { useOrdersByReference, useRefreshOrder } from '../api/get-orders-by-reference';
import { useUpdateOrder } from '../api/update-order';
import { orderEditability } from '../model/order-editability';
import { orderToFormValues, toOrderInput } from '../model/order-form';
import { OrderForm } from './order-form';

/** Correct an order while the warehouse still allows it; otherwise say plainly why not. */
export function OrderEditPage({ reference }: { reference: string }) {
  const order = useOrdersByReference(reference)[0]?.record;
  const refreshOrder = useRefreshOrder(reference);
  // The order as the page opened: the read after a refused save must not swap the form, and the entries
  // in it, for the "can no longer be corrected" notice while the person reads why.
  const [openedAs] = useState(order);
  const config = useConsoleConfig();
  const navigate = useNavigate();
  const updateOrder = useUpdateOrder({
    onSuccess: (updated) =>
      navigate({
        to: '/orders/$reference',
        params: { reference: updated.primaryReference },
        ignoreBlocker: true,
      }),
  });

  if (!order || !openedAs) throw notFound();

  const editability = orderEditability(openedAs);
  const backToOrder = { to: '/orders/$reference', params: { reference: order.primaryReference } } as const;

  /**
   * The warehouse moved on between opening the form and saving: ask it for the order again (the index may
   * not have heard yet) to say which shipment and why.
   */
  async function describeConflict() {
    const [fresh] = await refreshOrder();
    const now = fresh ? orderEditability(fresh.record) : undefined;
    return now && !now.editable
      ? now.reason
      : 'The warehouse has started work on this order, so it can no longer be changed.';
  }

  return (
    <Stack gap="md">
      <Title order={1}>Correct order {order.primaryReference}</Title>
      {editability.editable ? (
        <>
          <Text c="dimmed">
            The order is replaced by what you save. Warehouse and primary reference stay as they are.
          </Text>
          <OrderForm
            mode="correct"
            config={config}
            defaultValues={orderToFormValues(openedAs)}
            submitLabel="Save correction"
            cancelTo={backToOrder}
            onSubmit={(values) =>
              updateOrder.mutateAsync({ id: order.id, order: toOrderInput(values, order) })
            }
            describeConflict={describeConflict}
          />
        </>
      ) : (
        <Alert color="gray" role="status" title="This order can no longer be corrected">
          <Text size="sm">{editability.reason}</Text>
          <ButtonLink variant="default" mt="sm" {...backToOrder}>
            Back to the order
          </ButtonLink>
        </Alert>
      )}
    </Stack>
  );
}
