import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type Receive, receiveSchema } from '@/contract/receive';
import { type FreshRecord, getIndexedRecord } from '@/lib/get-indexed-record';
import { receiveKeys } from '@/lib/receive-keys';

/**
 * Exact lookup by primary reference in the console's index (which asks the warehouse for what it lacks,
 * and first of all on `refresh`), returns included, with how fresh it is; no match is an empty list, not
 * an error.
 */
export async function getReceivesByReference(
  reference: string,
  { refresh, signal }: { refresh?: boolean; signal?: AbortSignal } = {},
): Promise<FreshRecord<Receive>[]> {
  const found = await getIndexedRecord('receive', reference, receiveSchema, { refresh, signal });
  return found ? [found] : [];
}

export function getReceivesByReferenceQueryOptions(reference: string) {
  return queryOptions({
    queryKey: receiveKeys.byReference(reference),
    queryFn: ({ signal }) => getReceivesByReference(reference, { signal }),
  });
}

export function useReceivesByReference(reference: string) {
  return useSuspenseQuery(getReceivesByReferenceQueryOptions(reference)).data;
}
