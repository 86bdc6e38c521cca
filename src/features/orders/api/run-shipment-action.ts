import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sandboxOperations } from '@/contract/operations';
import type { Order } from '@/contract/order';
import type { OrderShipmentAction } from '@/contract/sandbox-actions';
import { callOperation } from '@/lib/call-operation';
import { writtenByConsole } from '@/lib/get-indexed-record';
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

type Options = { onSuccess?: (order: Order, request: ShipmentActionRequest) => void };

export function useRunShipmentAction({ onSuccess }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runShipmentAction,
    onSuccess: async (order, request) => {
      queryClient.setQueryData(orderKeys.byReference(order.primaryReference), [writtenByConsole(order)]);
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists(), refetchType: 'none' });
      onSuccess?.(order, request);
    },
  });
}
