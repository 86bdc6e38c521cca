import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { interfaceOperations } from '../../../contract/operations';
import type { OrderList } from '../../../contract/order';
import { callOperation } from '../../../lib/call-operation';
import type { OrderListFilter } from '../model/order-list-search';
import { orderKeys } from './order-keys';

export const ORDER_LIST_PAGE_SIZE = 25;

/** One page of recent orders, newest change first; `nextCursor` is null on the last page. */
export function listOrders(filter: OrderListFilter, signal?: AbortSignal): Promise<OrderList> {
  return callOperation(interfaceOperations.listOrders, {
    query: {
      status: filter.status,
      dateLastUpdatedFrom: filter.updatedFrom,
      dateLastUpdatedTo: filter.updatedTo,
      cursor: filter.cursor,
      limit: ORDER_LIST_PAGE_SIZE,
    },
    signal,
  });
}

export function listOrdersQueryOptions(filter: OrderListFilter) {
  return queryOptions({
    queryKey: orderKeys.list(filter),
    queryFn: ({ signal }) => listOrders(filter, signal),
  });
}

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export function useOrderList(filter: OrderListFilter) {
  return useQuery({ ...listOrdersQueryOptions(filter), placeholderData: keepPreviousData });
}
