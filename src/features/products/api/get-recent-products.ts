import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { interfaceOperations } from '../../../contract/operations';
import type { ProductList } from '../../../contract/product';
import { callOperation } from '../../../lib/call-operation';
import { productKeys } from './product-keys';

export const RECENT_PRODUCTS_PAGE_SIZE = 20;

/** One page of the listing extension: newest change first, `nextCursor` null on the last page. */
export function getRecentProducts(cursor: string | undefined, signal?: AbortSignal): Promise<ProductList> {
  return callOperation(interfaceOperations.listProducts, {
    query: { limit: RECENT_PRODUCTS_PAGE_SIZE, cursor },
    signal,
  });
}

export function getRecentProductsQueryOptions(cursor: string | undefined) {
  return queryOptions({
    queryKey: productKeys.recent(cursor),
    queryFn: ({ signal }) => getRecentProducts(cursor, signal),
  });
}

export function useRecentProducts(cursor: string | undefined) {
  return useSuspenseQuery(getRecentProductsQueryOptions(cursor)).data;
}
