import type { OrderListFilter } from '../model/order-list-search';

/**
 * Query keys of orders, narrowest last, so one invalidation reaches every list (an order is read by
 * reference, which is a list).
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filter: OrderListFilter) => [...orderKeys.lists(), 'recent', filter] as const,
  byReference: (reference: string) => [...orderKeys.lists(), 'by-reference', reference] as const,
};
