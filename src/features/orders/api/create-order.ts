import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Order, orderSchema } from '../../../contract/order';
import { apiRequest } from '../../../lib/api-client';
import type { OrderBody } from '../model/order-form';
import { orderKeys } from './order-keys';

export function createOrder(order: OrderBody): Promise<Order> {
  return apiRequest('/warehouse/v1/orders', orderSchema, { method: 'POST', body: order });
}

type Options = { onSuccess?: (order: Order) => void };

/** Creates the order, caches it under its reference so its page opens at once, and refreshes lists. */
export function useCreateOrder({ onSuccess }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.byReference(order.primaryReference), [order]);
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists(), refetchType: 'none' });
      onSuccess?.(order);
    },
  });
}
