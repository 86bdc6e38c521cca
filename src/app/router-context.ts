import type { QueryClient } from '@tanstack/react-query';

/** What every route's loader gets: the query client it reads through. */
export type RouterContext = { queryClient: QueryClient };
