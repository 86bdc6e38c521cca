import { queryOptions, useQuery } from '@tanstack/react-query';
import { productListSchema } from '../../../contract/product';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export type ProductOption = { value: string; label: string };

/** Suggestions for the line product picker: the most recently changed products, as many as one page holds. */
export async function getProductOptions(signal?: AbortSignal): Promise<ProductOption[]> {
  const data = await apiRequest('/warehouse/v1/products', productListSchema, {
    query: { limit: 200 },
    signal,
  });
  return data.products.map((product) => ({
    value: product.productCode,
    label: product.productDescription
      ? `${product.productCode} — ${product.productDescription}`
      : product.productCode,
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
