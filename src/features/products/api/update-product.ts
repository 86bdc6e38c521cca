import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Product, type ProductUpdate, productSchema } from '../../../contract/product';
import { apiRequest } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { productKeys } from './product-keys';

export type UpdateProductVariables = { id: string; changes: ProductUpdate };

/** PATCH sends only the members that changed; the operator marks this endpoint as beta. */
export function updateProduct({ id, changes }: UpdateProductVariables): Promise<Product> {
  return apiRequest(`/warehouse/v1/products/${encodeURIComponent(id)}`, productSchema, {
    method: 'PATCH',
    body: changes,
  });
}

type UpdateProductOptions = Omit<UseMutationOptions<Product, ApiError, UpdateProductVariables>, 'mutationFn'>;

export function useUpdateProduct({ onSuccess, ...options }: UpdateProductOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateProduct,
    onSuccess: async (product, ...rest) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      await queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      await onSuccess?.(product, ...rest);
    },
  });
}
