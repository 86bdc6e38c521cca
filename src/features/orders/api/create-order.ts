import { useMutation, useQueryClient } from '@tanstack/react-query';
import { interfaceOperations } from '@/contract/operations';
import type { Order, OrderInput } from '@/contract/order';
import { callOperation } from '@/lib/call-operation';
import { writtenByConsole } from '@/lib/get-indexed-record';
import type { OrderBody } from '../model/order-form';
import { orderKeys } from './order-keys';

export function createOrder(order: OrderBody): Promise<Order> {
  // OrderBody lets the Incoterm be any string, for a correction that keeps one outside the list.
  return callOperation(interfaceOperations.createOrder, { body: order as OrderInput });
}

type Options = { onSuccess?: (order: Order) => void };

/** Creates the order, caches it under its reference so its page opens at once, and refreshes lists. */
export function useCreateOrder({ onSuccess }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.byReference(order.primaryReference), [writtenByConsole(order)]);
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists(), refetchType: 'none' });
      onSuccess?.(order);
    },
  });
}
