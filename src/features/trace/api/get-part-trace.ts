import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type PartTrace, traceLotRoute } from '@/contract/part-trace';
import { callOperation } from '@/lib/call-operation';

export const traceKeys = {
  all: ['trace'] as const,
  of: (value: string) => [...traceKeys.all, { value }] as const,
};

/** Where a lot or serial number went, from the console's index. */
export function getPartTrace(value: string, signal?: AbortSignal): Promise<PartTrace> {
  return callOperation(traceLotRoute, { query: { q: value }, signal });
}

export function getPartTraceQueryOptions(value: string) {
  return queryOptions({
    queryKey: traceKeys.of(value),
    queryFn: ({ signal }) => getPartTrace(value, signal),
  });
}

export function usePartTrace(value: string) {
  return useSuspenseQuery(getPartTraceQueryOptions(value)).data;
}
