import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type IndexStatus, indexStatusSchema } from '../../../contract/index-records';
import { apiRequest } from '../../../lib/api-client';

export const syncKeys = {
  all: ['sync'] as const,
  status: () => [...syncKeys.all, 'status'] as const,
  deliveries: () => [...syncKeys.all, 'deliveries'] as const,
};

/** The index's state: webhook intake, the sync, the lag and the records per kind. */
export function getIndexStatus(signal?: AbortSignal): Promise<IndexStatus> {
  return apiRequest('/index/status', indexStatusSchema, { signal });
}

export function getIndexStatusQueryOptions() {
  return queryOptions({ queryKey: syncKeys.status(), queryFn: ({ signal }) => getIndexStatus(signal) });
}

export function useIndexStatus() {
  return useSuspenseQuery(getIndexStatusQueryOptions());
}
