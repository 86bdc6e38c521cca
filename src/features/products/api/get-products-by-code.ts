import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { limits } from '../../../contract/limits';
import { interfaceOperations } from '../../../contract/operations';
import type { Product } from '../../../contract/product';
import { callOperation } from '../../../lib/call-operation';
import { productKeys } from './product-keys';

/** Exact lookup by product code; no match is an empty list, not an error. */
export async function getProductsByCode(code: string, signal?: AbortSignal): Promise<Product[]> {
  // None made through the contract is longer, and the sandbox answers 400 to such a lookup.
  if (code.length > limits.maxLength.productCode) return [];
  const data = await callOperation(interfaceOperations.listProducts, {
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
