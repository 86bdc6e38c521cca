import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sandboxOperations } from '@/contract/operations';
import type { Receive } from '@/contract/receive';
import type { ReceiveAction, ReceiveShipmentAction } from '@/contract/sandbox-actions';
import type { ApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';
import { receiveKeys } from '@/lib/receive-keys';
import type { WriteHookOptions } from '@/lib/write-hook';

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
}: ReceiveShipmentActionRequest): Promise<Receive> {
  return callOperation(sandboxOperations.receiveShipment[action], {
    params: { receiveId, shipmentId },
    body: body ?? {},
  });
}

export function useRunReceiveShipmentAction({
  onSuccess,
}: WriteHookOptions<Receive, ReceiveShipmentActionRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Receive, ApiError, ReceiveShipmentActionRequest>({
    mutationFn: runReceiveShipmentAction,
    onSuccess: async (receive, request) => {
      await queryClient.invalidateQueries({ queryKey: receiveKeys.all });
      await onSuccess?.(receive, request);
    },
  });
}
