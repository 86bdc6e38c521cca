import { useMutation, useQueryClient } from '@tanstack/react-query';
import { interfaceOperations } from '@/contract/operations';
import type { Product, ProductCreate } from '@/contract/product';
import type { ApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';
import { productKeys } from '@/lib/product-keys';
import type { WriteHookOptions } from '@/lib/write-hook';

export function createProduct(product: ProductCreate): Promise<Product> {
  return callOperation(interfaceOperations.createProduct, { body: product });
}

/** Refreshes the product lists and seeds the new detail, then runs the caller's own onSuccess. */
export function useCreateProduct({ onSuccess }: WriteHookOptions<Product, ProductCreate> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Product, ApiError, ProductCreate>({
    mutationFn: createProduct,
    onSuccess: async (product, variables) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      await queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      await onSuccess?.(product, variables);
    },
  });
}
