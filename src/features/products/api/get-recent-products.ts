import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { interfaceOperations } from '@/contract/operations';
import type { Product } from '@/contract/product';
import { callOperation } from '@/lib/call-operation';
import { checkListingPage, type IgnoredListingParameter } from '@/lib/listing-limits';
import { productKeys } from '@/lib/product-keys';

export const RECENT_PRODUCTS_PAGE_SIZE = 20;

export type RecentProductsPage = {
  products: Product[];
  /** Undefined on the last page, and when the listing cannot page (it sent the same cursor back). */
  nextCursor: string | undefined;
  ignored: IgnoredListingParameter[];
};

/** One page of the listing extension, newest change first; what the listing ignored, for the list to say. */
export async function getRecentProducts(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<RecentProductsPage> {
  const data = await callOperation(interfaceOperations.listProducts, {
    query: { limit: RECENT_PRODUCTS_PAGE_SIZE, cursor },
    signal,
  });
  const page = checkListingPage(
    { rows: data.products, nextCursor: data.nextCursor },
    { limit: RECENT_PRODUCTS_PAGE_SIZE, cursor },
  );
  return { products: page.rows, nextCursor: page.nextCursor, ignored: page.ignored };
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
