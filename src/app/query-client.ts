import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error';

/**
 * Only a request that never reached our server (status 0) is asked again. Any answer from the server,
 * 5xx included, is final: the server already waited out the upstream's timeout, and asking again would
 * keep the skeleton up for a minute and triple the load on a struggling warehouse service.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && isApiError(error) && error.status === 0;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: shouldRetryQuery,
      },
    },
  });
}
