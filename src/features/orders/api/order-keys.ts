/** Query keys of orders, narrowest last, so one invalidation can reach every list or every detail. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  byReference: (reference: string) => [...orderKeys.lists(), 'by-reference', reference] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
};
