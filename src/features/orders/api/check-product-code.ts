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

/**
 * A "yes" is cached for a minute (products are never deleted, and a line is checked on every blur and
 * submit); a "no" is asked again each time, since the product may have just been created under Products.
 */
export function productCodeExistsQueryOptions(code: string) {
  return queryOptions({
    queryKey: orderKeys.productCheck(code),
    queryFn: ({ signal }) => productCodeExists(code, signal),
    staleTime: (query) => (query.state.data === true ? 60_000 : 0),
  });
}
