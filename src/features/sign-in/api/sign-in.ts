import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Session, type SignIn, signInRoute } from '@/contract/access-schemas';
import type { ApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';
import { sessionQueryKey } from '@/lib/session';
import type { WriteHookOptions } from '@/lib/write-hook';

export function signIn(credentials: SignIn): Promise<Session> {
  return callOperation(signInRoute, { body: credentials });
}

/** Nothing read before signing in may stand for this person: the cache starts again from the new session. */
export function useSignIn({ onSuccess }: WriteHookOptions<Session, SignIn> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Session, ApiError, SignIn>({
    mutationFn: signIn,
    onSuccess: async (session, credentials) => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, session);
      await onSuccess?.(session, credentials);
    },
  });
}
