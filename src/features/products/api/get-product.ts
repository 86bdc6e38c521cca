import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { interfaceOperations } from '@/contract/operations';
import type { Product } from '@/contract/product';
import { callOperation } from '@/lib/call-operation';
import { productKeys } from '@/lib/product-keys';

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return callOperation(interfaceOperations.getProduct, { params: { id }, signal });
}

export function getProductQueryOptions(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

export function useProduct(id: string) {
  return useSuspenseQuery(getProductQueryOptions(id)).data;
}
