import { queryOptions, useQuery } from '@tanstack/react-query';
import { listReceivesRoute } from '@/contract/index-lists';
import { callOperation } from '@/lib/call-operation';
import { receiveKeys } from '@/lib/receive-keys';
import { nextReturnReference } from '../model/return-form';

/** As many returns as one page of the index's list holds: the highest references, by reference. */
const SCANNED_RETURNS = 200;

/**
 * The RMA number a new return is offered: one past the highest `RMA-<digits>` among the returns the console's
 * index holds, read as the Returns list reads them (sorted by reference, highest first).
 */
export async function getSuggestedReturnReference(signal?: AbortSignal): Promise<string> {
  const page = await callOperation(listReceivesRoute, {
    query: { kind: 'return', sort: 'reference', dir: 'desc', limit: SCANNED_RETURNS },
    signal,
  });
  return nextReturnReference(page.rows.map((row) => row.reference));
}

export function getSuggestedReturnReferenceQueryOptions() {
  return queryOptions({
    // Among the lists: a return created anywhere in the console makes it stale.
    queryKey: [...receiveKeys.lists(), 'suggested-return-reference'] as const,
    queryFn: ({ signal }) => getSuggestedReturnReference(signal),
    staleTime: 0,
  });
}

/** The suggestion, or undefined while it loads or when the index cannot be read (the field is then empty). */
export function useSuggestedReturnReference(): string | undefined {
  return useQuery(getSuggestedReturnReferenceQueryOptions()).data;
}
