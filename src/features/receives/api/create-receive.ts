import { useMutation, useQueryClient } from '@tanstack/react-query';
import { interfaceOperations } from '@/contract/operations';
import type { Receive, ReceiveInput } from '@/contract/receive';
import { callOperation } from '@/lib/call-operation';
import { receiveKeys } from '@/lib/receive-keys';

export function createReceive(input: ReceiveInput): Promise<Receive> {
  return callOperation(interfaceOperations.createReceive, { body: input });
}

/** Lists are refetched after a create; the caller's onSuccess runs as well, after the invalidation. */
export function useCreateReceive({ onSuccess }: { onSuccess?: (receive: Receive) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReceive,
    onSuccess: async (receive) => {
      await queryClient.invalidateQueries({ queryKey: receiveKeys.lists() });
      onSuccess?.(receive);
    },
  });
}
