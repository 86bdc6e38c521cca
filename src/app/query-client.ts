import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error';

/** Client errors (4xx) will not change by asking again; a network hiccup or 5xx may. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}
