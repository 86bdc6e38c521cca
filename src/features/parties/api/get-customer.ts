import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type CustomerPage, getCustomerRoute } from '@/contract/parties';
import { callOperation } from '@/lib/call-operation';

// Under 'index': every change the live stream brings refreshes it, as it does the other reads of the index.
export const customerKeys = {
  page: (key: string, cursor: string | undefined) => ['index', 'customer', key, { cursor }] as const,
};

/** A customer's orders and returns with their contact details, from the console's index. */
export function getCustomer(
  key: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CustomerPage> {
  return callOperation(getCustomerRoute, { params: { key }, query: { cursor }, signal });
}

export function getCustomerQueryOptions(key: string, cursor: string | undefined) {
  return queryOptions({
    queryKey: customerKeys.page(key, cursor),
    queryFn: ({ signal }) => getCustomer(key, cursor, signal),
  });
}

export function useCustomer(key: string, cursor: string | undefined) {
  return useSuspenseQuery(getCustomerQueryOptions(key, cursor)).data;
}
