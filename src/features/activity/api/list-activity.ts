import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type ActivityPage, activityPageSchema } from '@/contract/activity';
import { apiRequest } from '@/lib/api-client';

export const activityKeys = {
  all: ['activity'] as const,
  page: (before: number | undefined) => [...activityKeys.all, { before }] as const,
};

export function listActivity(before: number | undefined, signal?: AbortSignal): Promise<ActivityPage> {
  return apiRequest('/activity', activityPageSchema, { query: { before, limit: 50 }, signal });
}

export function listActivityQueryOptions(before: number | undefined) {
  return queryOptions({
    queryKey: activityKeys.page(before),
    queryFn: ({ signal }) => listActivity(before, signal),
  });
}

export function useActivity(before: number | undefined) {
  return useSuspenseQuery(listActivityQueryOptions(before)).data;
}
