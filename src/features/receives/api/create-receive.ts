import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Receive, type ReceiveInput, receiveSchema } from '../../../contract/receive';
import { apiRequest } from '../../../lib/api-client';
import { receiveKeys } from './receive-keys';

export function createReceive(input: ReceiveInput): Promise<Receive> {
  return apiRequest('/warehouse/v1/receives', receiveSchema, { method: 'POST', body: input });
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
