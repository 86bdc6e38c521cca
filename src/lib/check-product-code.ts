import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { interfaceOperations } from '@/contract/operations';
import { isNotFoundError } from './api-error';
import { callOperation } from './call-operation';
import { productKeys } from './product-keys';
import { searchOneKind } from './search-one-kind';

/** Whether a product with exactly this code exists, by the interface's lightweight get-id lookup. */
export async function productCodeExists(code: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await callOperation(interfaceOperations.getProductId, { params: { productCode: code }, signal });
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
    queryKey: productKeys.codeExists(code),
    queryFn: ({ signal }) => productCodeExists(code, signal),
    staleTime: (query) => (query.state.data === true ? 60_000 : 0),
  });
}

/**
 * The code as the warehouse spells its product: the code itself when get-id knows it, else the one product
 * the index finds whose code is this one in other letter case (a supplier's `tee-org-blk-m` for
 * TEE-ORG-BLK-M); null when no product has it.
 */
export async function productCodeAsKnown(code: string, signal?: AbortSignal): Promise<string | null> {
  if (await productCodeExists(code, signal)) return code;
  const found = await searchOneKind('product', code, signal);
  const same = found.matches.filter((match) => match.primaryReference.toLowerCase() === code.toLowerCase());
  return same.length === 1 ? (same[0]?.primaryReference ?? null) : null;
}

/** As productCodeExistsQueryOptions: a product found is cached for a minute, none asked again each time. */
export function productCodeAsKnownQueryOptions(code: string) {
  return queryOptions({
    queryKey: productKeys.codeAsKnown(code),
    queryFn: ({ signal }) => productCodeAsKnown(code, signal),
    staleTime: (query) => (query.state.data ? 60_000 : 0),
  });
}

type ProductCodeForm<T extends FieldValues> = Pick<
  UseFormReturn<T>,
  'getValues' | 'getFieldState' | 'setError' | 'clearErrors' | 'setFocus'
>;

/**
 * For a form whose lines name a product by code: any code is accepted if the interface knows it, so a
 * product outside the suggestions can still be used. `check` runs when a product field is left; `checkAll`
 * on submit, before anything is sent, and moves focus to the first product refused.
 */
export function useProductCodeCheck<T extends FieldValues>(form: ProductCodeForm<T>) {
  const queryClient = useQueryClient();

  async function check(name: FieldPath<T>): Promise<boolean> {
    const code = String(form.getValues(name) ?? '').trim();
    // An empty field is the schema's to report.
    if (!code) return true;
    let exists: boolean;
    try {
      exists = await queryClient.fetchQuery(productCodeExistsQueryOptions(code));
    } catch {
      // The server checks again on create; an unreachable lookup must not block the form.
      return true;
    }
    if (exists) {
      if (form.getFieldState(name).error?.type === 'product') form.clearErrors(name);
    } else {
      form.setError(name, {
        type: 'product',
        message: `No product has the code ${code}. Pick one from the list, or create it under Products first.`,
      });
    }
    return exists;
  }

  async function checkAll(names: FieldPath<T>[]): Promise<boolean> {
    const results = await Promise.all(names.map(check));
    const refused = results.indexOf(false);
    if (refused !== -1) form.setFocus(names[refused]);
    return refused === -1;
  }

  return { check, checkAll };
}
