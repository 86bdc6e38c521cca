import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { sessionQueryKey } from '@/lib/session';

/**
 * Only a request that never reached our server (status 0) is asked again. Any answer from the server,
 * 5xx included, is final: the server already waited out the upstream's timeout, and asking again would
 * keep the skeleton up for a minute and triple the load on a struggling warehouse service.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && isApiError(error) && error.status === 0;
}

export function createQueryClient() {
  // A 401 means the session ended (expired, signed out elsewhere, password changed): asking who is
  // signed in again lets the shell take the person to the sign-in page.
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401)
      void client.invalidateQueries({ queryKey: sessionQueryKey });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: shouldRetryQuery,
      },
    },
  });
  return client;
}
