import { type QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { interfaceOperations } from '../../../contract/operations';
import type { ProductList } from '../../../contract/product';
import { callOperation } from '../../../lib/call-operation';
import { isApiError } from '../../../lib/api-error';
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

/**
 * Loads the page the URL names. A cursor the listing refuses (400: an old, edited or pasted link; the
 * page size is fixed, so the cursor is the only thing that can be wrong) falls back to the first page
 * rather than an error page whose "Try again" would repeat the same request.
 */
export async function ensureRecentProducts(
  queryClient: QueryClient,
  cursor: string | undefined,
): Promise<{ cursorRefused: boolean }> {
  try {
    await queryClient.ensureQueryData(getRecentProductsQueryOptions(cursor));
    return { cursorRefused: false };
  } catch (error) {
    if (cursor === undefined || !isApiError(error) || error.status !== 400) throw error;
    await queryClient.ensureQueryData(getRecentProductsQueryOptions(undefined));
    return { cursorRefused: true };
  }
}
