import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWorkTrendsRoute } from '@/contract/work-queues';
import { callOperation } from '@/lib/call-operation';
import { workQueueKeys } from './work-queue-keys';

/** On-time shipping per day and receive fill rate per week, up to the reader's today. */
export function getWorkTrends(todayStart: string, signal?: AbortSignal) {
  return callOperation(getWorkTrendsRoute, { query: { todayStart }, signal });
}

export function getWorkTrendsQueryOptions(todayStart: string) {
  return queryOptions({
    queryKey: workQueueKeys.trends(todayStart),
    queryFn: ({ signal }) => getWorkTrends(todayStart, signal),
    staleTime: 5 * 60_000,
  });
}

/** Asked only once `enabled`: after the queues have answered. */
export function useWorkTrends(todayStart: string, enabled: boolean) {
  return useQuery({ ...getWorkTrendsQueryOptions(todayStart), enabled });
}
