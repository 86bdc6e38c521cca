import { z } from 'zod';

/** An order's state as the console's index derives it from its shipments and lines. */
export const orderStates = [
  'entered',
  'picking',
  'held',
  'partly_shipped',
  'shipped',
  'shipped_short',
  'shipped_over',
  'canceled',
] as const;
export type OrderState = (typeof orderStates)[number];

/** Past these an order is no longer late, whatever its ship-by date says. */
export const finishedOrderStates: readonly OrderState[] = [
  'shipped',
  'shipped_short',
  'shipped_over',
  'canceled',
];

/** What `GET /api/index/orders` sorts by: last update, required ship date, primary reference, state. */
export const orderListSorts = ['updated', 'shipBy', 'reference', 'state'] as const;
export type OrderListSort = (typeof orderListSorts)[number];
/** What `GET /api/index/receives` sorts by; `received` is the quantity that arrived. */
export const receiveListSorts = ['updated', 'eta', 'reference', 'state', 'received'] as const;
export type ReceiveListSort = (typeof receiveListSorts)[number];
export const listDirections = ['asc', 'desc'] as const;
export type ListDirection = (typeof listDirections)[number];
/** Receives and returns share one list, one kind at a time. */
export const listedReceiveKinds = ['receive', 'return'] as const;
export type ListedReceiveKind = (typeof listedReceiveKinds)[number];
/** Receives with a line that arrived short, over, or either. */
export const receiveDiscrepancies = ['short', 'over', 'any'] as const;
export type ReceiveDiscrepancy = (typeof receiveDiscrepancies)[number];

/** One order as a list shows it; times are ISO 8601 instants. */
export const orderListRowSchema = z.object({
  reference: z.string(),
  kind: z.literal('order'),
  /** The operator's status code, as sent. */
  status: z.string(),
  state: z.string(),
  /** Past its ship-by date and not yet shipped or canceled, as of the answer. */
  late: z.boolean(),
  warehouse: z.string(),
  customer: z.string(),
  shipBy: z.string().nullable(),
  updated: z.string(),
  ordered: z.number(),
  /** The quantity on finished shipments. */
  shipped: z.number(),
  /** A line shipped short, or over. */
  short: z.boolean(),
  over: z.boolean(),
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;

/** One receive or return as a list shows it; `state` is its completeness. */
export const receiveListRowSchema = z.object({
  reference: z.string(),
  kind: z.enum(listedReceiveKinds),
  status: z.string(),
  state: z.string(),
  warehouse: z.string(),
  /** A receive's supplier, a return's customer (senderOf in receive.ts). */
  sender: z.string(),
  /** A return's original order and its first line's reason; empty for a receive. */
  originalOrder: z.string(),
  reason: z.string(),
  eta: z.string().nullable(),
  /** When it was finalized; null while open or once canceled. */
  finalized: z.string().nullable(),
  updated: z.string(),
  announced: z.number(),
  received: z.number(),
  short: z.boolean(),
  over: z.boolean(),
  /** Units missing on the lines that arrived short (once finalized), and beyond the announced on those over. */
  unitsShort: z.number(),
  unitsOver: z.number(),
});
export type ReceiveListRow = z.infer<typeof receiveListRowSchema>;

/** A page of a list: `nextCursor` asks for the next one (null on the last); `total` counts every match. */
export function indexListPageSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), nextCursor: z.string().nullable(), total: z.number() });
}
