import type { OrderStatus } from '../../../contract/order';
import { type CursorPageSearch, readCursors } from '../../../lib/cursor-pages';
import { endOfLocalDay, startOfLocalDay } from '../../../lib/local-day';
import { readChoice, readDay } from '../../../lib/search-params';

/** The listing extension's filters (decisions.md); absent members are not sent. */
export type OrderListFilter = {
  status?: string;
  /** ISO 8601 bounds of dateLastUpdated. */
  updatedFrom?: string;
  updatedTo?: string;
  cursor?: string;
};

// Spelled out rather than imported: the route validates search params in the first page's chunk,
// which must not pull in the contract (and zod). The type keeps the list honest.
const listableStatuses = ['PRS', 'FIN', 'CAN'] as const satisfies readonly OrderStatus[];

/** The order list's state in the URL. */
export type OrderListSearch = {
  status?: (typeof listableStatuses)[number];
  from?: string;
  to?: string;
} & CursorPageSearch;

/** The list's state from what the router parsed from the URL: a bad value degrades to "no filter". */
export function readOrderListSearch(search: Record<string, unknown>): OrderListSearch {
  return {
    status: readChoice(search.status, listableStatuses),
    from: readDay(search.from),
    to: readDay(search.to),
    cursors: readCursors(search.cursors),
  };
}

/**
 * Local calendar days become the instants the listing extension filters dateLastUpdated by. The page's
 * cursor is the caller's: the loader may fall back to the first page.
 */
export function toOrderListFilter(search: OrderListSearch): Omit<OrderListFilter, 'cursor'> {
  return {
    status: search.status,
    updatedFrom: search.from ? startOfLocalDay(search.from) : undefined,
    updatedTo: search.to ? endOfLocalDay(search.to) : undefined,
  };
}
