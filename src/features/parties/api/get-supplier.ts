import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { getSupplierRoute, type SupplierPage } from '@/contract/parties';
import { callOperation } from '@/lib/call-operation';

// Under 'index': every change the live stream brings refreshes it, as it does the other reads of the index.
export const supplierKeys = {
  page: (key: string, cursor: string | undefined) => ['index', 'supplier', key, { cursor }] as const,
};

/** Every receive of a supplier and how they came, from the console's index. */
export function getSupplier(
  key: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<SupplierPage> {
  return callOperation(getSupplierRoute, { params: { key }, query: { cursor }, signal });
}

export function getSupplierQueryOptions(key: string, cursor: string | undefined) {
  return queryOptions({
    queryKey: supplierKeys.page(key, cursor),
    queryFn: ({ signal }) => getSupplier(key, cursor, signal),
  });
}

export function useSupplier(key: string, cursor: string | undefined) {
  return useSuspenseQuery(getSupplierQueryOptions(key, cursor)).data;
}
