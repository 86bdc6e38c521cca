import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { limits } from '../../../contract/limits';
import { interfaceOperations } from '../../../contract/operations';
import type { Receive } from '../../../contract/receive';
import { callOperation } from '../../../lib/call-operation';
import { hasReference } from '../../../lib/listing-limits';
import { receiveKeys } from './receive-keys';

/** Exact lookup by primary reference; no match is an empty list, not an error, nor any other record. */
export async function getReceivesByReference(reference: string, signal?: AbortSignal): Promise<Receive[]> {
  // None made through the contract is longer, and the sandbox answers 400 to such a lookup.
  if (reference.length > limits.maxLength.reference) return [];
  const data = await callOperation(interfaceOperations.listReceives, {
    query: { PrimaryReference: reference },
    signal,
  });
  return data.receives.filter((record) => hasReference(record, reference));
}

export function getReceivesByReferenceQueryOptions(reference: string) {
  return queryOptions({
    queryKey: receiveKeys.byReference(reference),
    queryFn: ({ signal }) => getReceivesByReference(reference, signal),
  });
}

export function useReceivesByReference(reference: string) {
  return useSuspenseQuery(getReceivesByReferenceQueryOptions(reference)).data;
}
