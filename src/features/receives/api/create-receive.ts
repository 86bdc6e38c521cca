import { useMutation, useQueryClient } from '@tanstack/react-query';
import { interfaceOperations } from '@/contract/operations';
import type { Receive, ReceiveInput } from '@/contract/receive';
import type { ApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';
import { receiveKeys } from '@/lib/receive-keys';
import type { WriteHookOptions } from '@/lib/write-hook';

export function createReceive(input: ReceiveInput): Promise<Receive> {
  return callOperation(interfaceOperations.createReceive, { body: input });
}

/** Lists are refetched after a create; the caller's onSuccess runs as well, after the invalidation. */
export function useCreateReceive({ onSuccess }: WriteHookOptions<Receive, ReceiveInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Receive, ApiError, ReceiveInput>({
    mutationFn: createReceive,
    onSuccess: async (receive, input) => {
      await queryClient.invalidateQueries({ queryKey: receiveKeys.lists() });
      await onSuccess?.(receive, input);
    },
  });
}
