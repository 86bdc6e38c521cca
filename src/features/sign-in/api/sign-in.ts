import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Session, type SignIn, sessionSchema } from '@/contract/access-schemas';
import { apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { sessionQueryKey } from '@/lib/session';

export function signIn(credentials: SignIn): Promise<Session> {
  return apiRequest('/session', sessionSchema, { method: 'POST', body: credentials });
}

/** Nothing read before signing in may stand for this person: the cache starts again from the new session. */
export function useSignIn({ onSuccess }: { onSuccess?: (session: Session) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<Session, ApiError, SignIn>({
    mutationFn: signIn,
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, session);
      onSuccess?.(session);
    },
  });
}
