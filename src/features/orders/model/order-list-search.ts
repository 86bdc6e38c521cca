import { z } from 'zod/mini';
import type { OrderStatus } from '../../../contract/order';
import type { OrderListFilter } from '../api/list-orders';

// Spelled out rather than imported: the route validates search params in the first page's chunk,
// which must not pull in the full contract (and full zod). The type keeps the list honest.
const listableStatuses = ['PRS', 'FIN', 'CAN'] as const satisfies readonly OrderStatus[];

/** The order list's state in the URL; a bad value degrades to "no filter" instead of an error page. */
export const orderListSearchSchema = z.object({
  status: z.catch(z.optional(z.enum(listableStatuses)), undefined),
  from: z.catch(z.optional(z.iso.date()), undefined),
  to: z.catch(z.optional(z.iso.date()), undefined),
  cursor: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
});
export type OrderListSearch = z.infer<typeof orderListSearchSchema>;

/** Local calendar days become the instants the listing extension filters dateLastUpdated by. */
export function toOrderListFilter(search: OrderListSearch): OrderListFilter {
  return {
    status: search.status,
    updatedFrom: search.from ? new Date(`${search.from}T00:00:00`).toISOString() : undefined,
    updatedTo: search.to ? new Date(`${search.to}T23:59:59.999`).toISOString() : undefined,
    cursor: search.cursor,
  };
}
