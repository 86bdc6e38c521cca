import type { OrderStatus } from '../../../contract/order';
import { endOfLocalDay, startOfLocalDay } from '../../../lib/local-day';
import { readChoice, readDay, readText } from '../../../lib/search-params';
import type { OrderListFilter } from '../api/list-orders';

// Spelled out rather than imported: the route validates search params in the first page's chunk,
// which must not pull in the contract (and zod). The type keeps the list honest.
const listableStatuses = ['PRS', 'FIN', 'CAN'] as const satisfies readonly OrderStatus[];

/** The order list's state in the URL. */
export type OrderListSearch = {
  status?: (typeof listableStatuses)[number];
  from?: string;
  to?: string;
  cursor?: string;
};

/** The list's state from what the router parsed from the URL: a bad value degrades to "no filter". */
export function readOrderListSearch(search: Record<string, unknown>): OrderListSearch {
  return {
    status: readChoice(search.status, listableStatuses),
    from: readDay(search.from),
    to: readDay(search.to),
    cursor: readText(search.cursor),
  };
}

/** Local calendar days become the instants the listing extension filters dateLastUpdated by. */
export function toOrderListFilter(search: OrderListSearch): OrderListFilter {
  return {
    status: search.status,
    updatedFrom: search.from ? startOfLocalDay(search.from) : undefined,
    updatedTo: search.to ? endOfLocalDay(search.to) : undefined,
    cursor: search.cursor,
  };
}
