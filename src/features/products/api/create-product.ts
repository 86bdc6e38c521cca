import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Product, type ProductCreate, productSchema } from '../../../contract/product';
import { apiRequest } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { productKeys } from './product-keys';

export function createProduct(product: ProductCreate): Promise<Product> {
  return apiRequest('/warehouse/v1/products', productSchema, { method: 'POST', body: product });
}

type CreateProductOptions = Omit<UseMutationOptions<Product, ApiError, ProductCreate>, 'mutationFn'>;

/** Refreshes the product lists and seeds the new detail, then runs the caller's own onSuccess. */
export function useCreateProduct({ onSuccess, ...options }: CreateProductOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createProduct,
    onSuccess: async (product, ...rest) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      await queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      await onSuccess?.(product, ...rest);
    },
  });
}
