import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type Product, productListSchema } from '../../../contract/product';
import { apiRequest } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** Exact lookup by product code; no match is an empty list, not an error. */
export async function getProductsByCode(code: string, signal?: AbortSignal): Promise<Product[]> {
  const data = await apiRequest('/warehouse/v1/products', productListSchema, {
    query: { productcode: code },
    signal,
  });
  return data.products;
}

export function getProductsByCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: productKeys.byCode(code),
    queryFn: ({ signal }) => getProductsByCode(code, signal),
  });
}

export function useProductsByCode(code: string) {
  return useSuspenseQuery(getProductsByCodeQueryOptions(code)).data;
}
