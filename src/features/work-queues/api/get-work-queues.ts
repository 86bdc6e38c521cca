import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWorkQueuesRoute, type ReaderDay } from '@/contract/work-queues';
import { callOperation } from '@/lib/call-operation';
import { workQueueKeys } from './work-queue-keys';

/** Each queue's count and first rows, from the console's index, for the reader's day. */
export function getWorkQueues(day: ReaderDay, signal?: AbortSignal) {
  return callOperation(getWorkQueuesRoute, { query: day, signal });
}

export function getWorkQueuesQueryOptions(day: ReaderDay) {
  return queryOptions({
    queryKey: workQueueKeys.queues(day),
    queryFn: ({ signal }) => getWorkQueues(day, signal),
  });
}

export function useWorkQueues(day: ReaderDay) {
  return useQuery(getWorkQueuesQueryOptions(day));
}
