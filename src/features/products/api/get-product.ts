import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type Product, productSchema } from '../../../contract/product';
import { apiRequest } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiRequest(`/warehouse/v1/products/${encodeURIComponent(id)}`, productSchema, { signal });
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
