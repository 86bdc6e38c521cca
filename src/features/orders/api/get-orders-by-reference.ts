import { queryOptions, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type Order, orderSchema } from '@/contract/order';
import { type FreshRecord, getIndexedRecord } from '@/lib/get-indexed-record';
import { orderKeys } from './order-keys';

/**
 * Exact lookup by primary reference in the console's index (which asks the warehouse for what it lacks,
 * and first of all on `refresh`), with how fresh it is; no match is an empty list, not an error.
 */
export async function getOrdersByReference(
  reference: string,
  { refresh, signal }: { refresh?: boolean; signal?: AbortSignal } = {},
): Promise<FreshRecord<Order>[]> {
  const found = await getIndexedRecord('order', reference, orderSchema, { refresh, signal });
  return found ? [found] : [];
}

export function getOrdersByReferenceQueryOptions(reference: string) {
  return queryOptions({
    queryKey: orderKeys.byReference(reference),
    queryFn: ({ signal }) => getOrdersByReference(reference, { signal }),
  });
}

export function useOrdersByReference(reference: string) {
  return useSuspenseQuery(getOrdersByReferenceQueryOptions(reference)).data;
}

/** Asks the warehouse for the order now and puts its answer in place of the cached one. */
export function useRefreshOrder(reference: string) {
  const queryClient = useQueryClient();
  return async (): Promise<FreshRecord<Order>[]> => {
    const found = await getOrdersByReference(reference, { refresh: true });
    // A read already under way (a live update's) would land after this answer and put an older copy back.
    await queryClient.cancelQueries({ queryKey: orderKeys.byReference(reference) });
    queryClient.setQueryData(orderKeys.byReference(reference), found);
    return found;
  };
}
