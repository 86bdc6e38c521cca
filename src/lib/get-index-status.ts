import { queryOptions } from '@tanstack/react-query';
import { getIndexStatusRoute, type IndexStatus } from '@/contract/index-records';
import { callOperation } from './call-operation';

export const indexStatusQueryKey = ['index-status'] as const;

/** The index's state: webhook intake, the sync, the lag, the records per kind and the checks' counts. */
export function getIndexStatus(signal?: AbortSignal): Promise<IndexStatus> {
  return callOperation(getIndexStatusRoute, { signal });
}

export function getIndexStatusQueryOptions() {
  return queryOptions({ queryKey: indexStatusQueryKey, queryFn: ({ signal }) => getIndexStatus(signal) });
}
