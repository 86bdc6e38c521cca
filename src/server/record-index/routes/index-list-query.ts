import type { exportOrdersRoute, exportReceivesRoute, ListDirection } from '../../../contract/index-lists';
import type { DeclaredQuery, Problem } from '../../api/console-route';
import type { ListFilter, ListOrder, ListSort } from '../store/list-keysets';

/** What a list or an export asks of the index, from its query as the route declares it. */
export type ListRequest = { filter: ListFilter; order: ListOrder };

type OrderListQuery = DeclaredQuery<typeof exportOrdersRoute.query>;
type ReceiveListQuery = DeclaredQuery<typeof exportReceivesRoute.query>;

/** Each range whose end comes before its start, as a problem of its end: ranges by their parameters' stem. */
function reversedRanges(ranges: [stem: string, from?: number, to?: number][]): Problem[] {
  return ranges.flatMap(([stem, from, to]) =>
    from !== undefined && to !== undefined && from > to
      ? [{ parameter: `${stem}To`, detail: `${stem}To is before ${stem}From.` }]
      : [],
  );
}

/** Newest first by default; every other sort from the start of its order. */
const orderOf = (sort: ListSort, dir: ListDirection | undefined): ListOrder => ({
  sort,
  direction: dir ?? (sort === 'updated' ? 'desc' : 'asc'),
});

/** What both lists filter by alike. */
const sharedFilter = (query: OrderListQuery | ReceiveListQuery) => ({
  statuses: query.status ?? [],
  states: query.state ?? [],
  warehouses: query.warehouse ?? [],
  updatedFromMs: query.updatedFrom,
  updatedToMs: query.updatedTo,
  today: query.today,
});

/** `GET /api/index/orders` and its export: their filters, sort and direction. */
export function orderListRequest(query: OrderListQuery): ListRequest | Problem[] {
  const reversed = reversedRanges([
    ['shipBy', query.shipByFrom, query.shipByTo],
    ['updated', query.updatedFrom, query.updatedTo],
    ['shipped', query.shippedFrom, query.shippedTo],
  ]);
  if (reversed.length > 0) return reversed;
  const sort = query.sort ?? 'updated';
  return {
    filter: {
      ...sharedFilter(query),
      kind: 'order',
      late: query.late,
      open: query.open,
      dueFromMs: query.shipByFrom,
      dueToMs: query.shipByTo,
      finishedFromMs: query.shippedFrom,
      finishedToMs: query.shippedTo,
    },
    order: orderOf(sort === 'shipBy' ? 'due' : sort, query.dir),
  };
}

/** `GET /api/index/receives` and its export (receives or returns): their filters, sort and direction. */
export function receiveListRequest(query: ReceiveListQuery): ListRequest | Problem[] {
  const reversed = reversedRanges([
    ['eta', query.etaFrom, query.etaTo],
    ['updated', query.updatedFrom, query.updatedTo],
    ['finished', query.finishedFrom, query.finishedTo],
  ]);
  if (reversed.length > 0) return reversed;
  const sort = query.sort ?? 'updated';
  return {
    filter: {
      ...sharedFilter(query),
      kind: query.kind ?? 'receive',
      discrepancy: query.discrepancy,
      overdue: query.overdue,
      refundable: query.refundable,
      dueFromMs: query.etaFrom,
      dueToMs: query.etaTo,
      finishedFromMs: query.finishedFrom,
      finishedToMs: query.finishedTo,
    },
    order: orderOf(sort === 'eta' ? 'due' : sort, query.dir),
  };
}
