/**
 * Query keys of orders, narrowest last, so one invalidation reaches every list (an order is read by
 * reference, which is a list).
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: Record<string, string | undefined>) => [...orderKeys.lists(), 'index', query] as const,
  byReference: (reference: string) => [...orderKeys.lists(), 'by-reference', reference] as const,
};
