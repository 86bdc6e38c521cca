import { queryOptions, useQuery } from '@tanstack/react-query';
import { interfaceOperations } from '@/contract/operations';
import { callOperation } from '@/lib/call-operation';
import { productKeys } from '@/lib/product-keys';
import type { ProductSuggestion } from './product-code-autocomplete';

/**
 * Suggestions for a line's product code on the order and receive forms: the most recently changed page of
 * the listing (up to 200), sorted by code. Any other code can be typed; the forms accept it once the
 * interface confirms the product exists.
 */
export async function getProductSuggestions(signal?: AbortSignal): Promise<ProductSuggestion[]> {
  const data = await callOperation(interfaceOperations.listProducts, { query: { limit: 200 }, signal });
  return data.products
    .map((product) => ({ code: product.productCode, description: product.productDescription }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

export function getProductSuggestionsQueryOptions() {
  return queryOptions({
    // Among the products' list keys, so creating or changing a product refreshes the suggestions too.
    queryKey: productKeys.suggestions(),
    queryFn: ({ signal }) => getProductSuggestions(signal),
    staleTime: 60_000,
  });
}

/** None while they load or if they fail: a code typed in full works without them. */
export function useProductSuggestions(): ProductSuggestion[] {
  return useQuery(getProductSuggestionsQueryOptions()).data ?? [];
}
