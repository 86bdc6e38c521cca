import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type ActivityPage, listAuditLogRoute } from '@/contract/activity';
import { callOperation } from '@/lib/call-operation';

export const activityKeys = {
  all: ['activity'] as const,
  page: (before: number | undefined) => [...activityKeys.all, { before }] as const,
};

export function listActivity(before: number | undefined, signal?: AbortSignal): Promise<ActivityPage> {
  return callOperation(listAuditLogRoute, { query: { before, limit: 50 }, signal });
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
