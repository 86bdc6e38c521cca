import { queryOptions } from '@tanstack/react-query';
import { productIdLookupSchema } from '../../../contract/product';
import { apiRequest } from '../../../lib/api-client';
import { isNotFoundError } from '../../../lib/api-error';
import { orderKeys } from './order-keys';

/** Whether a product with exactly this code exists, by the interface's lightweight get-id lookup. */
export async function productCodeExists(code: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await apiRequest(
      `/warehouse/v1/products/actions/get-id/${encodeURIComponent(code)}`,
      productIdLookupSchema,
      { signal },
    );
    return true;
  } catch (error) {
    if (isNotFoundError(error)) return false;
    throw error;
  }
}

/** Cached for a minute: products are never deleted, and a line is checked on every blur and submit. */
export function productCodeExistsQueryOptions(code: string) {
  return queryOptions({
    queryKey: orderKeys.productCheck(code),
    queryFn: ({ signal }) => productCodeExists(code, signal),
    staleTime: 60_000,
  });
}
