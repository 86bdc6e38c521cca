import { useMutation, useQueryClient } from '@tanstack/react-query';
import { interfaceOperations } from '@/contract/operations';
import type { Order, OrderInput } from '@/contract/order';
import type { ApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';
import { writtenByConsole } from '@/lib/get-indexed-record';
import type { WriteHookOptions } from '@/lib/write-hook';
import type { OrderBody } from '../model/order-form';
import { orderKeys } from './order-keys';

export function createOrder(order: OrderBody): Promise<Order> {
  // OrderBody lets the Incoterm be any string, for a correction that keeps one outside the list.
  return callOperation(interfaceOperations.createOrder, { body: order as OrderInput });
}

/** Creates the order, caches it under its reference so its page opens at once, and refreshes lists. */
export function useCreateOrder({ onSuccess }: WriteHookOptions<Order, OrderBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Order, ApiError, OrderBody>({
    mutationFn: createOrder,
    onSuccess: async (order, body) => {
      queryClient.setQueryData(orderKeys.byReference(order.primaryReference), [writtenByConsole(order)]);
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists(), refetchType: 'none' });
      await onSuccess?.(order, body);
    },
  });
}
