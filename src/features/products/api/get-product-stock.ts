import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { getProductStockRoute, type ProductStockAnswer } from '@/contract/stock';
import { callOperation } from '@/lib/call-operation';

// Under 'index': every change the live stream brings refreshes it, as it does the other reads of the index.
export const productStockKeys = {
  of: (productCode: string) => ['index', 'product-stock', productCode] as const,
};

/** One product's stock as the console counts it, by warehouse and lot. */
export function getProductStock(productCode: string, signal?: AbortSignal): Promise<ProductStockAnswer> {
  return callOperation(getProductStockRoute, { params: { productCode }, signal });
}

export function getProductStockQueryOptions(productCode: string) {
  return queryOptions({
    queryKey: productStockKeys.of(productCode),
    queryFn: ({ signal }) => getProductStock(productCode, signal),
  });
}

export function useProductStock(productCode: string) {
  return useSuspenseQuery(getProductStockQueryOptions(productCode)).data;
}
