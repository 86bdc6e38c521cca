import { useQuery } from '@tanstack/react-query';
import { indexStatusSchema } from '../../../contract/index-records';
import { apiRequest } from '../../../lib/api-client';
import { workQueueKeys } from './work-queue-keys';

/** What the drift check last found (null where the console runs none), from the index's status. */
export function useIndexDrift() {
  return useQuery({
    queryKey: workQueueKeys.drift(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/index/status', indexStatusSchema, { signal })).checks?.drift ?? null,
    // The check runs every minute.
    refetchInterval: 60_000,
  });
}
