import { useMutation } from '@tanstack/react-query';
import {
  checkProductImportRoute,
  type ImportedRow,
  type ProductImportCheck,
} from '@/contract/product-import';
import type { ApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';

export function checkProductImport(rows: ImportedRow[]): Promise<ProductImportCheck> {
  return callOperation(checkProductImportRoute, { body: { rows } });
}

/** The dry run of a file's rows: nothing is created, so nothing is refreshed. */
export function useCheckProductImport() {
  return useMutation<ProductImportCheck, ApiError, ImportedRow[]>({ mutationFn: checkProductImport });
}
