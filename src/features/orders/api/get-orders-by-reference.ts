import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { limits } from '../../../contract/limits';
import { interfaceOperations } from '../../../contract/operations';
import type { Order } from '../../../contract/order';
import { callOperation } from '../../../lib/call-operation';
import { hasReference } from '../../../lib/listing-limits';
import { orderKeys } from './order-keys';

/** Exact lookup by primary reference; no match is an empty list, not an error, nor any other record. */
export async function getOrdersByReference(reference: string, signal?: AbortSignal): Promise<Order[]> {
  // None made through the contract is longer, and the sandbox answers 400 to such a lookup.
  if (reference.length > limits.maxLength.reference) return [];
  const data = await callOperation(interfaceOperations.listOrders, {
    query: { PrimaryReference: reference },
    signal,
  });
  return data.orders.filter((record) => hasReference(record, reference));
}

export function getOrdersByReferenceQueryOptions(reference: string) {
  return queryOptions({
    queryKey: orderKeys.byReference(reference),
    queryFn: ({ signal }) => getOrdersByReference(reference, signal),
  });
}

export function useOrdersByReference(reference: string) {
  return useSuspenseQuery(getOrdersByReferenceQueryOptions(reference)).data;
}
