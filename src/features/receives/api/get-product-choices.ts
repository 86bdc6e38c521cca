import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ProductSuggestion } from '../../../components/product-code-autocomplete';
import { productListSchema } from '../../../contract/product';
import { apiRequest } from '../../../lib/api-client';
import { receiveKeys } from './receive-keys';

/**
 * Suggestions for a receive line's product: the most recently changed page of the listing (up to 200). Any
 * other code can be typed; the form accepts it once the interface confirms the product exists.
 */
export async function getProductChoices(signal?: AbortSignal): Promise<ProductSuggestion[]> {
  const data = await apiRequest('/warehouse/v1/products', productListSchema, {
    query: { limit: 200 },
    signal,
  });
  return data.products
    .map((product) => ({ code: product.productCode, description: product.productDescription }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

export function getProductChoicesQueryOptions() {
  return queryOptions({
    queryKey: [...receiveKeys.all, 'product-choices'] as const,
    queryFn: ({ signal }) => getProductChoices(signal),
  });
}

export function useProductChoices() {
  return useSuspenseQuery(getProductChoicesQueryOptions()).data;
}
