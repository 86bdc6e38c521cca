/** Query keys of receives, narrowest last, so one invalidation can reach every list or every detail. */
export const receiveKeys = {
  all: ['receives'] as const,
  lists: () => [...receiveKeys.all, 'list'] as const,
  byReference: (reference: string) => [...receiveKeys.lists(), 'by-reference', reference] as const,
  indexList: (query: Record<string, string | undefined>) => [...receiveKeys.lists(), 'index', query] as const,
  /** The returns that name an order as their original. */
  ofOrder: (orderReference: string) => [...receiveKeys.all, 'of-order', orderReference] as const,
  details: () => [...receiveKeys.all, 'detail'] as const,
  detail: (id: string) => [...receiveKeys.details(), id] as const,
};
