import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listOrdersRoute } from '@/contract/index-lists';
import { callOperation } from '@/lib/call-operation';
import type { OrderListQuery } from '../model/order-list-search';
import { orderKeys } from './order-keys';

export const ORDER_LIST_PAGE_SIZE = 25;

/** One page of orders from the console's index, filtered and sorted on the server, with the total. */
export function getOrderListPage(query: OrderListQuery, cursor: string | undefined, signal?: AbortSignal) {
  return callOperation(listOrdersRoute, {
    query: { ...query, limit: ORDER_LIST_PAGE_SIZE, cursor },
    signal,
  });
}

export function getOrderListPageQueryOptions(query: OrderListQuery, cursor: string | undefined) {
  return queryOptions({
    queryKey: orderKeys.list({ ...query, cursor }),
    queryFn: ({ signal }) => getOrderListPage(query, cursor, signal),
  });
}

/** Keeps the rows on screen while the next page or another filter loads, so the table does not blank. */
export function useOrderListPage(query: OrderListQuery, cursor: string | undefined) {
  return useQuery({ ...getOrderListPageQueryOptions(query, cursor), placeholderData: keepPreviousData });
}
