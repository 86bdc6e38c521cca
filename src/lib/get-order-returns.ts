import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { getOrderReturnsRoute } from '@/contract/index-records';
import { limits } from '@/contract/limits';
import { type Receive, receiveSchema } from '@/contract/receive';
import { callOperation } from './call-operation';
import { receiveKeys } from './receive-keys';

/** The returns the console's index holds of an order, oldest change first: what its other returns claim. */
export async function getOrderReturns(orderReference: string, signal?: AbortSignal): Promise<Receive[]> {
  const reference = orderReference.trim();
  // None made through the contract is longer; the server refuses such a reference with 400.
  if (reference === '' || reference.length > limits.maxLength.reference) return [];
  const { returns } = await callOperation(getOrderReturnsRoute, { params: { reference }, signal });
  return returns.map((found) => receiveSchema.parse(found.document));
}

export function getOrderReturnsQueryOptions(orderReference: string) {
  return queryOptions({
    queryKey: receiveKeys.ofOrder(orderReference),
    queryFn: ({ signal }) => getOrderReturns(orderReference, signal),
  });
}

export function useOrderReturns(orderReference: string) {
  return useSuspenseQuery(getOrderReturnsQueryOptions(orderReference)).data;
}
