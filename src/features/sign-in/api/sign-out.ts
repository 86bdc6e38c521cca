import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@/contract/access-schemas';
import type { ApiError } from '@/lib/api-error';
import { sessionQueryKey } from '@/lib/session';
import type { WriteHookOptions } from '@/lib/write-hook';

/** Loads the API client and the schema on click: the header that offers sign-out is on every first page. */
export async function signOut(): Promise<Session> {
  const [{ callOperation }, { signOutRoute }] = await Promise.all([
    import('@/lib/call-operation'),
    import('@/contract/access-schemas'),
  ]);
  return callOperation(signOutRoute, {});
}

/** Forgets everything the person read, so the next person at this browser sees none of it. */
export function useSignOut({ onSuccess }: WriteHookOptions<Session> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Session, ApiError>({
    mutationFn: signOut,
    onSuccess: async (session) => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, session);
      await onSuccess?.(session);
    },
  });
}
