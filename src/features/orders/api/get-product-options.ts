import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSuggestion } from '../../../components/product-code-autocomplete';
import { productListSchema } from '../../../contract/product';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** Suggestions for the line product picker: the most recently changed products, as many as one page holds. */
export async function getProductOptions(signal?: AbortSignal): Promise<ProductSuggestion[]> {
  const data = await apiRequest('/warehouse/v1/products', productListSchema, {
    query: { limit: 200 },
    signal,
  });
  return data.products.map((product) => ({
    code: product.productCode,
    description: product.productDescription,
  }));
}

export function productOptionsQueryOptions() {
  return queryOptions({
    queryKey: orderKeys.productOptions(),
    queryFn: ({ signal }) => getProductOptions(signal),
    staleTime: 60_000,
  });
}

export function useProductOptions() {
  return useQuery(productOptionsQueryOptions());
}
