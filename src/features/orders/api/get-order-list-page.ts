import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { indexListPageSchema, orderListRowSchema } from '@/contract/index-lists';
import { apiRequest } from '@/lib/api-client';
import type { OrderListQuery } from '../model/order-list-search';
import { orderKeys } from './order-keys';

export const ORDER_LIST_PAGE_SIZE = 25;

const orderListPageSchema = indexListPageSchema(orderListRowSchema);

/** One page of orders from the console's index, filtered and sorted on the server, with the total. */
export function getOrderListPage(query: OrderListQuery, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest('/index/orders', orderListPageSchema, {
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
