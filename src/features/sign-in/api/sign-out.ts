import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Session, sessionSchema } from '../../../contract/access';
import { apiRequest } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { sessionQueryKey } from '../../../lib/session';

export function signOut(): Promise<Session> {
  return apiRequest('/session', sessionSchema, { method: 'DELETE' });
}

/** Forgets everything the person read, so the next person at this browser sees none of it. */
export function useSignOut({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<Session, ApiError>({
    mutationFn: signOut,
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, session);
      onSuccess?.();
    },
  });
}
