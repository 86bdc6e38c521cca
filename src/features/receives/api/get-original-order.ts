import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type Order, orderSchema } from '@/contract/order';
import { getIndexedRecord } from '@/lib/get-indexed-record';

/**
 * The order a return sends back, by its primary reference, from the console's index (which asks the
 * warehouse for what it lacks); null when no order has that reference.
 */
export async function getOriginalOrder(reference: string, signal?: AbortSignal): Promise<Order | null> {
  const found = await getIndexedRecord('order', reference, orderSchema, { signal });
  return found?.record ?? null;
}

export function getOriginalOrderQueryOptions(reference: string) {
  return queryOptions({
    queryKey: ['returns', 'original-order', reference] as const,
    queryFn: ({ signal }) => getOriginalOrder(reference, signal),
  });
}

export function useOriginalOrder(reference: string) {
  return useSuspenseQuery(getOriginalOrderQueryOptions(reference)).data;
}
