import { useMutation, useQueryClient } from '@tanstack/react-query';
import { interfaceOperations } from '@/contract/operations';
import type { Product, ProductUpdate } from '@/contract/product';
import type { ApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';
import { productKeys } from '@/lib/product-keys';
import type { WriteHookOptions } from '@/lib/write-hook';

export type UpdateProductVariables = { id: string; changes: ProductUpdate };

/** PATCH sends only the members that changed; the operator marks this endpoint as beta. */
export function updateProduct({ id, changes }: UpdateProductVariables): Promise<Product> {
  return callOperation(interfaceOperations.updateProduct, { params: { id }, body: changes });
}

export function useUpdateProduct({ onSuccess }: WriteHookOptions<Product, UpdateProductVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Product, ApiError, UpdateProductVariables>({
    mutationFn: updateProduct,
    onSuccess: async (product, variables) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      await queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      await onSuccess?.(product, variables);
    },
  });
}
