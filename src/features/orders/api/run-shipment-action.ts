import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sandboxOperations } from '@/contract/operations';
import type { Order } from '@/contract/order';
import type { OrderShipmentAction } from '@/contract/sandbox-actions';
import type { ApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';
import { writtenByConsole } from '@/lib/get-indexed-record';
import type { WriteHookOptions } from '@/lib/write-hook';
import { orderKeys } from './order-keys';

type ShipmentActionRequest = { orderId: string; shipmentId: string; action: OrderShipmentAction };

/**
 * A sandbox operator action on one shipment (sandbox mode only): what the warehouse would do, with its
 * defaults.
 */
export function runShipmentAction({ orderId, shipmentId, action }: ShipmentActionRequest): Promise<Order> {
  return callOperation(sandboxOperations.orderShipment[action], {
    params: { orderId, shipmentId },
    body: {},
  });
}

export function useRunShipmentAction({ onSuccess }: WriteHookOptions<Order, ShipmentActionRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Order, ApiError, ShipmentActionRequest>({
    mutationFn: runShipmentAction,
    onSuccess: async (order, request) => {
      queryClient.setQueryData(orderKeys.byReference(order.primaryReference), [writtenByConsole(order)]);
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists(), refetchType: 'none' });
      await onSuccess?.(order, request);
    },
  });
}
