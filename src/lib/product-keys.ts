/** Query keys of products, narrowest last, so one invalidation can reach every list or every detail. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  recent: (cursor: string | undefined) => [...productKeys.lists(), 'recent', cursor ?? null] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
  /** The suggestions of product fields: a list, so a new product is among them at once. */
  suggestions: () => [...productKeys.lists(), 'suggestions'] as const,
  descriptions: (codes: readonly string[]) => [...productKeys.all, 'descriptions', codes] as const,
  codeExists: (code: string) => [...productKeys.all, 'code-exists', code] as const,
  codeAsKnown: (code: string) => [...productKeys.all, 'code-as-known', code] as const,
};
