import { queryOptions } from '@tanstack/react-query';
import { type IndexStatus, indexStatusSchema } from '@/contract/index-records';
import { apiRequest } from './api-client';

export const indexStatusQueryKey = ['index-status'] as const;

/** The index's state: webhook intake, the sync, the lag, the records per kind and the checks' counts. */
export function getIndexStatus(signal?: AbortSignal): Promise<IndexStatus> {
  return apiRequest('/index/status', indexStatusSchema, { signal });
}

export function getIndexStatusQueryOptions() {
  return queryOptions({ queryKey: indexStatusQueryKey, queryFn: ({ signal }) => getIndexStatus(signal) });
}
