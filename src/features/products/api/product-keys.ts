/** Query keys of products, narrowest last, so one invalidation can reach every list or every detail. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  recent: (cursor: string | undefined) => [...productKeys.lists(), 'recent', cursor ?? null] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
};
