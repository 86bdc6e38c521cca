import { useMutation, useQueryClient } from '@tanstack/react-query';
import { interfaceOperations } from '@/contract/operations';
import type { Order, OrderInput } from '@/contract/order';
import { callOperation } from '@/lib/call-operation';
import { writtenByConsole } from '@/lib/get-indexed-record';
import type { OrderBody } from '../model/order-form';
import { orderKeys } from './order-keys';

/** A correction replaces the whole order; the warehouse refuses it (409) once a shipment has moved on. */
export function updateOrder({ id, order }: { id: string; order: OrderBody }): Promise<Order> {
  // An Incoterm outside the contract's list may be one kept from the order: the warehouse judges it.
  return callOperation(interfaceOperations.updateOrder, { params: { id }, body: order as OrderInput });
}

type Options = { onSuccess?: (order: Order) => void };

export function useUpdateOrder({ onSuccess }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.byReference(order.primaryReference), [writtenByConsole(order)]);
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists(), refetchType: 'none' });
      onSuccess?.(order);
    },
  });
}
