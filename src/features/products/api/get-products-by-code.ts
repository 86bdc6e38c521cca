import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { limits } from '../../../contract/limits';
import { type Product, productListSchema } from '../../../contract/product';
import { apiRequest } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** Exact lookup by product code; no match is an empty list, not an error. */
export async function getProductsByCode(code: string, signal?: AbortSignal): Promise<Product[]> {
  // None made through the contract is longer, and the sandbox answers 400 to such a lookup.
  if (code.length > limits.maxLength.productCode) return [];
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
