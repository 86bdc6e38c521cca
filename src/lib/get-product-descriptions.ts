import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getProductDescriptionsRoute, maxProductDescriptionCodes } from '@/contract/index-records';
import { limits } from '@/contract/limits';
import { callOperation } from './call-operation';
import { productKeys } from './product-keys';

/** Product code → description, for the codes the console's index knows. */
export type ProductDescriptions = ReadonlyMap<string, string>;

/** The descriptions of every code on a page in one request; codes the index does not know are absent. */
export async function getProductDescriptions(
  codes: readonly string[],
  signal?: AbortSignal,
): Promise<ProductDescriptions> {
  // Longer codes cannot exist (the server refuses them), and a page never shows more than the bound.
  const asked = codes.filter((code) => code !== '' && code.length <= limits.maxLength.productCode);
  if (asked.length === 0) return new Map();
  const { products } = await callOperation(getProductDescriptionsRoute, {
    query: { code: asked.slice(0, maxProductDescriptionCodes) },
    signal,
  });
  return new Map(products.map((product) => [product.productCode, product.productDescription]));
}

export function getProductDescriptionsQueryOptions(codes: readonly string[]) {
  const distinct = [...new Set(codes)].sort();
  return queryOptions({
    // Among the products' keys, so creating or changing a product refreshes the descriptions too.
    queryKey: productKeys.descriptions(distinct),
    queryFn: ({ signal }) => getProductDescriptions(distinct, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** None while they load or if they fail: the page shows its codes, which are what the warehouse sent. */
export function useProductDescriptions(codes: readonly string[]): ProductDescriptions {
  return useQuery(getProductDescriptionsQueryOptions(codes)).data ?? noDescriptions;
}

const noDescriptions: ProductDescriptions = new Map();

/** "TAB-12-256 · Tablet 12in 256GB", or the code alone when its description is not known. */
export function productInWords(code: string, descriptions: ProductDescriptions): string {
  const description = descriptions.get(code);
  return description ? `${code} · ${description}` : code;
}
