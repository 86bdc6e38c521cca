import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Order, orderSchema } from '../../../contract/order';
import { apiRequest } from '../../../lib/api-client';
import type { OrderBody } from '../model/order-form';
import { orderKeys } from './order-keys';

/** A correction replaces the whole order; the warehouse refuses it (409) once a shipment has moved on. */
export function updateOrder({ id, order }: { id: string; order: OrderBody }): Promise<Order> {
  return apiRequest(`/warehouse/v1/orders/${encodeURIComponent(id)}`, orderSchema, {
    method: 'PATCH',
    body: order,
  });
}

type Options = { onSuccess?: (order: Order) => void };

export function useUpdateOrder({ onSuccess }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.byReference(order.primaryReference), [order]);
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists(), refetchType: 'none' });
      onSuccess?.(order);
    },
  });
}
