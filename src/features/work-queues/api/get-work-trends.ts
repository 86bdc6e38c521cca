import { queryOptions, useQuery } from '@tanstack/react-query';
import { workTrendsSchema } from '@/contract/work-queues';
import { apiRequest } from '@/lib/api-client';
import { workQueueKeys } from './work-queue-keys';

/** On-time shipping per day and receive fill rate per week, up to the reader's today. */
export function getWorkTrends(todayStart: string, signal?: AbortSignal) {
  return apiRequest('/index/trends', workTrendsSchema, { query: { todayStart }, signal });
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
