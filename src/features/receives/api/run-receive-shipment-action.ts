import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sandboxOperations } from '@/contract/operations';
import type { ReceiveAction, ReceiveShipmentAction } from '@/contract/sandbox-actions';
import { callOperation } from '@/lib/call-operation';
import { receiveKeys } from '@/lib/receive-keys';

export type ReceiveShipmentActionRequest = {
  receiveId: string;
  shipmentId: string;
  action: ReceiveShipmentAction;
  /** Only `receive` takes lines; without them the sandbox receives everything still missing. */
  body?: ReceiveAction;
};

/**
 * A sandbox operator action: what the warehouse does. Available only when the console runs on the sandbox.
 */
export function runReceiveShipmentAction({
  receiveId,
  shipmentId,
  action,
  body,
}: ReceiveShipmentActionRequest) {
  return callOperation(sandboxOperations.receiveShipment[action], {
    params: { receiveId, shipmentId },
    body: body ?? {},
  });
}

export function useRunReceiveShipmentAction({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReceiveShipmentAction,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: receiveKeys.all });
      onSuccess?.();
    },
  });
}
