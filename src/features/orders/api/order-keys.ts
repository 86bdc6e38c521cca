import type { OrderListFilter } from './list-orders';

/** Query keys of orders, narrowest last, so one invalidation can reach every list or every detail. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filter: OrderListFilter) => [...orderKeys.lists(), 'recent', filter] as const,
  byReference: (reference: string) => [...orderKeys.lists(), 'by-reference', reference] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
  /** Product lookups the order form makes; features do not share caches, so these live under orders. */
  productCheck: (code: string) => [...orderKeys.all, 'product-check', code] as const,
  productOptions: () => [...orderKeys.all, 'product-options'] as const,
};
