import type { exportOrdersRoute, ListDirection, OrderListSort, OrderState } from '@/contract/index-lists';
import { endOfLocalDay, localDay, startOfLocalDay } from '@/domain/local-day';
import type { QueryText } from '@/lib/call-operation';
import { type CursorPageSearch, readCursors } from '@/lib/cursor-pages';
import { readChoice, readDay, readText, readTrue } from '@/lib/search-params';

// Spelled out rather than imported: the route validates search params in the first page's chunk,
// which must not pull in the contract (and zod) nor the state words. The types keep the lists honest.

/** Every state the index derives, in the order of an order's life (their words: domain/record-states). */
const stateKeys = {
  entered: true,
  picking: true,
  held: true,
  partly_shipped: true,
  shipped: true,
  shipped_short: true,
  shipped_over: true,
  canceled: true,
} as const satisfies Record<OrderState, true>;
const states = Object.keys(stateKeys) as OrderState[];
const sorts = ['updated', 'shipBy', 'reference', 'state'] as const satisfies readonly OrderListSort[];
const directions = ['asc', 'desc'] as const satisfies readonly ListDirection[];

/** The order list's state in the URL; dates are the reader's calendar days. */
export type OrderListSearch = {
  state?: OrderState;
  /** Only orders past their ship-by date and not yet shipped. */
  late?: true;
  /** Only orders not yet shipped or canceled. */
  open?: true;
  warehouse?: string;
  updatedFrom?: string;
  updatedTo?: string;
  shipByFrom?: string;
  shipByTo?: string;
  /** Days the order finished shipping in. */
  shippedFrom?: string;
  shippedTo?: string;
  sort?: OrderListSort;
  dir?: ListDirection;
} & CursorPageSearch;

/** The list's state from what the router parsed from the URL: a bad value degrades to "no filter". */
export function readOrderListSearch(search: Record<string, unknown>): OrderListSearch {
  return {
    state: readChoice(search.state, states),
    late: readTrue(search.late),
    open: readTrue(search.open),
    warehouse: readText(search.warehouse),
    updatedFrom: readDay(search.updatedFrom),
    updatedTo: readDay(search.updatedTo),
    shipByFrom: readDay(search.shipByFrom),
    shipByTo: readDay(search.shipByTo),
    shippedFrom: readDay(search.shippedFrom),
    shippedTo: readDay(search.shippedTo),
    sort: readChoice(search.sort, sorts),
    dir: readChoice(search.dir, directions),
    cursors: readCursors(search.cursors),
  };
}

/** What `GET /api/index/orders` and its export are asked, without the page. */
export type OrderListQuery = QueryText<typeof exportOrdersRoute>;

/**
 * The filters and sort as the server takes them. The last change and the shipping are instants, so the
 * reader's days become the instants they start and end at; a ship-by date is a calendar day and goes as it is.
 */
export function toOrderListQuery(search: OrderListSearch, today = localDay(new Date())): OrderListQuery {
  return {
    state: search.state,
    late: search.late ? 'true' : undefined,
    today: search.late ? today : undefined,
    open: search.open ? 'true' : undefined,
    warehouse: search.warehouse,
    updatedFrom: search.updatedFrom ? startOfLocalDay(search.updatedFrom) : undefined,
    updatedTo: search.updatedTo ? endOfLocalDay(search.updatedTo) : undefined,
    shipByFrom: search.shipByFrom,
    shipByTo: search.shipByTo,
    shippedFrom: search.shippedFrom ? startOfLocalDay(search.shippedFrom) : undefined,
    shippedTo: search.shippedTo ? endOfLocalDay(search.shippedTo) : undefined,
    sort: search.sort,
    dir: search.dir,
  };
}
