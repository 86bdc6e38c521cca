import { useMutation, useQueryClient } from '@tanstack/react-query';
import { interfaceOperations } from '@/contract/operations';
import type { Order, OrderInput } from '@/contract/order';
import type { ApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';
import { writtenByConsole } from '@/lib/get-indexed-record';
import type { WriteHookOptions } from '@/lib/write-hook';
import type { OrderBody } from '../model/order-form';
import { orderKeys } from './order-keys';

/** A correction replaces the whole order; the warehouse refuses it (409) once a shipment has moved on. */
export function updateOrder({ id, order }: OrderCorrection): Promise<Order> {
  // An Incoterm outside the contract's list may be one kept from the order: the warehouse judges it.
  return callOperation(interfaceOperations.updateOrder, { params: { id }, body: order as OrderInput });
}

type OrderCorrection = { id: string; order: OrderBody };

export function useUpdateOrder({ onSuccess }: WriteHookOptions<Order, OrderCorrection> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Order, ApiError, OrderCorrection>({
    mutationFn: updateOrder,
    onSuccess: async (order, correction) => {
      queryClient.setQueryData(orderKeys.byReference(order.primaryReference), [writtenByConsole(order)]);
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists(), refetchType: 'none' });
      await onSuccess?.(order, correction);
    },
  });
}
