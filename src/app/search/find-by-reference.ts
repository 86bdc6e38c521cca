import type { QueryClient } from '@tanstack/react-query';
import { getOrdersByReferenceQueryOptions } from '../../features/orders/api/get-orders-by-reference';
import { getProductsByCodeQueryOptions } from '../../features/products/api/get-products-by-code';
import { getReceivesByReferenceQueryOptions } from '../../features/receives/api/get-receives-by-reference';
import { type SearchMatch, searchMatches } from './search-matches';

/** Asks the three exact lookups at once, always afresh, since a search usually follows a change. */
export async function findByReference(queryClient: QueryClient, q: string): Promise<SearchMatch[]> {
  const [orders, receives, products] = await Promise.all([
    queryClient.fetchQuery({ ...getOrdersByReferenceQueryOptions(q), staleTime: 0 }),
    queryClient.fetchQuery({ ...getReceivesByReferenceQueryOptions(q), staleTime: 0 }),
    queryClient.fetchQuery({ ...getProductsByCodeQueryOptions(q), staleTime: 0 }),
  ]);
  return searchMatches({
    orders: orders.map(({ record }) => record),
    receives: receives.map(({ record }) => record),
    products,
  });
}
