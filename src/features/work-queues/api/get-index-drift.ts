import { useQuery } from '@tanstack/react-query';
import { getIndexStatusQueryOptions } from '@/lib/get-index-status';

/** What the drift check last found (null where the console runs none), from the index's status. */
export function useIndexDrift() {
  return useQuery({
    ...getIndexStatusQueryOptions(),
    select: (status) => status.checks?.drift ?? null,
    // The check runs every minute.
    refetchInterval: 60_000,
  });
}
