import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { interfaceOperations } from '../../../contract/operations';
import type { Order } from '../../../contract/order';
import { callOperation } from '../../../lib/call-operation';
import { checkListingPage, type IgnoredListingParameter, withinTimeRange } from '../../../lib/listing-limits';
import type { OrderListFilter } from '../model/order-list-search';
import { orderKeys } from './order-keys';

export const ORDER_LIST_PAGE_SIZE = 25;

export type OrderListPage = {
  orders: Order[];
  /** Undefined on the last page, and when the listing cannot page (it repeated a cursor). */
  nextCursor: string | undefined;
  /** The listing parameters the warehouse service ignored on this page, for the list to say so. */
  ignored: IgnoredListingParameter[];
};

/**
 * One page of recent orders, newest change first. What the listing ignored is worked around within what came
 * back: rows outside the filters dropped, the cursor it was sent coming back again ends the paging.
 */
export async function listOrders(filter: OrderListFilter, signal?: AbortSignal): Promise<OrderListPage> {
  const data = await callOperation(interfaceOperations.listOrders, {
    query: {
      status: filter.status,
      dateLastUpdatedFrom: filter.updatedFrom,
      dateLastUpdatedTo: filter.updatedTo,
      cursor: filter.cursor,
      limit: ORDER_LIST_PAGE_SIZE,
    },
    signal,
  });
  const page = checkListingPage(
    { rows: data.orders, nextCursor: data.nextCursor },
    {
      limit: ORDER_LIST_PAGE_SIZE,
      cursor: filter.cursor,
      matches: (order) =>
        (!filter.status || order.status === filter.status) &&
        withinTimeRange(order.dateLastUpdated, filter.updatedFrom, filter.updatedTo),
    },
  );
  return { orders: page.rows, nextCursor: page.nextCursor, ignored: page.ignored };
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
