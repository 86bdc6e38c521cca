import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { interfaceOperations } from '@/contract/operations';
import type { Product, ProductCreate } from '@/contract/product';
import type { ApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';
import { productKeys } from '@/lib/product-keys';

export function createProduct(product: ProductCreate): Promise<Product> {
  return callOperation(interfaceOperations.createProduct, { body: product });
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
